/** The bits of `document` a vendor loader touches (a fake one in tests). */
export interface VendorDocument {
  createElement(tag: string): VendorElement;
  head: { appendChild(node: VendorElement): unknown };
  body: { appendChild(node: VendorElement): unknown };
  addEventListener?(type: string, listener: () => void, options?: { once?: boolean }): void;
}

/** An element a loader creates: a <script>, or the box a vendor player lives in. */
export interface VendorElement {
  src?: string;
  async?: boolean;
  className?: string;
  allow?: string;
  title?: string;
  onload?: (() => void) | null;
  onerror?: (() => void) | null;
  setAttribute?(name: string, value: string): void;
  appendChild?(node: VendorElement): unknown;
  remove?(): void;
}

/**
 * Injects vendor scripts (<script src> in <head>), each once: a second request for the same URL
 * shares the first one's promise; a script that failed to load may be tried again.
 */
export class ScriptLoader {
  private readonly scripts = new Map<string, Promise<void>>();

  constructor(private readonly doc: VendorDocument) {}

  load(src: string): Promise<void> {
    const known = this.scripts.get(src);
    if (known) return known;
    const loading = new Promise<void>((resolve, reject) => {
      const script = this.doc.createElement('script');
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        this.scripts.delete(src);
        script.remove?.();
        reject(new Error(`Could not load ${src}`));
      };
      script.src = src;
      this.doc.head.appendChild(script);
    });
    this.scripts.set(src, loading);
    return loading;
  }

  /** The script URLs injected so far. */
  requested(): string[] {
    return [...this.scripts.keys()];
  }
}
