import type { VendorConfig } from './config';
import type { ScriptLoader, VendorDocument } from './scripts';

/** What a vendor player needs: the script loader, the page, the globals the SDKs define. */
export interface VendorDeps {
  scripts: ScriptLoader;
  document: VendorDocument;
  /** `window` in the browser: the SDKs put their namespace and ready callbacks there. */
  global: Record<string, unknown>;
  config: VendorConfig;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}

/**
 * Loads an SDK whose readiness is announced through a global callback (`onYouTubeIframeAPIReady`,
 * `onSpotifyWebPlaybackSDKReady`): the callback is set before the script is injected.
 */
export async function loadWithReadyCallback<T>(
  deps: VendorDeps,
  src: string,
  namespace: string,
  callback: string,
  isReady: (ns: T | undefined) => boolean,
): Promise<T> {
  const current = deps.global[namespace] as T | undefined;
  if (isReady(current)) return current as T;
  const ready = new Promise<void>((resolve) => {
    const previous = deps.global[callback] as (() => void) | undefined;
    deps.global[callback] = () => {
      previous?.();
      resolve();
    };
  });
  await deps.scripts.load(src);
  await ready;
  const loaded = deps.global[namespace] as T | undefined;
  if (!isReady(loaded)) throw new Error(`${namespace} did not load from ${src}`);
  return loaded as T;
}

/** A box for a vendor's iframe, added to the page once. */
export function vendorBox(deps: VendorDeps, className: string) {
  const box = deps.document.createElement('div');
  box.className = `vendor-player ${className}`;
  deps.document.body.appendChild(box);
  return box;
}
