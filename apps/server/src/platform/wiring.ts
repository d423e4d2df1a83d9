import type { ServiceName } from '@tt/protocol';
import type { Ports } from './ports';

/**
 * The composition root's vocabulary. Every component of the app — each service, and the realtime
 * engine that starts with the room service — declares the in-process ports (platform/ports.ts) it
 * installs, the ones it cannot work without and the ones it uses when they are there. At start
 * (app.ts), before anything is opened, the selected components' requirements are checked against
 * what they provide (WIRING-1); after they registered, what they installed is checked against what
 * they declared (WIRING-2). docs/ARCHITECTURE.md ("Wiring") has the table.
 */
export type PortName = keyof Ports;

export interface Wiring {
  /** Ports it installs when it registers (the realtime engine: when it starts). */
  readonly provides: readonly PortName[];
  /** Ports it cannot work without: the start fails unless a running component provides each. */
  readonly requires: readonly PortName[];
  /**
   * Ports it uses when they are there, each with what it does when one is absent (the service
   * that provides it not in SERVICES): a deliberate, tested behaviour, logged at start.
   */
  readonly optional: { readonly [K in PortName]?: string };
}

/** A part of the app that installs or needs ports: a service, or the realtime engine. */
export interface Component extends Wiring {
  /** How messages name it ("the chat service"). */
  readonly label: string;
  /** The SERVICES entry that runs it. */
  readonly service: ServiceName;
}

/** A service module as a component. */
export function serviceComponent(s: Wiring & { name: ServiceName }): Component {
  return {
    label: `the ${s.name} service`,
    service: s.name,
    provides: s.provides,
    requires: s.requires,
    optional: s.optional,
  };
}

/**
 * WIRING-1: each required port that no running component provides, as a sentence naming the
 * component, the port and what to add to SERVICES. Empty when the selection can run.
 */
export function wiringProblems(running: readonly Component[], all: readonly Component[]): string[] {
  const problems: string[] = [];
  for (const c of running) {
    for (const port of c.requires) {
      if (running.some((r) => r.provides.includes(port))) continue;
      const provider = all.find((a) => a.provides.includes(port));
      problems.push(
        provider
          ? `${c.label} requires the ${port} port, which ${provider.label} provides; add ${provider.service} to SERVICES`
          : `${c.label} requires the ${port} port, which no service provides`,
      );
    }
  }
  return problems;
}

/** WIRING-1 at start: throws with every problem when the selection cannot run. */
export function assertWiring(running: readonly Component[], all: readonly Component[]): void {
  const problems = wiringProblems(running, all);
  if (problems.length) throw new Error(`SERVICES cannot start: ${problems.join('; ')}`);
}

/**
 * WIRING-2: what the running components installed against what they declared — a declared port
 * left uninstalled, or a port installed that nobody declares, is a bug in a declaration.
 */
export function installedProblems(running: readonly Component[], ports: Ports): string[] {
  const problems: string[] = [];
  const installed = (Object.keys(ports) as PortName[]).filter((p) => ports[p] !== undefined);
  for (const c of running) {
    for (const port of c.provides) {
      if (!installed.includes(port)) {
        problems.push(
          `${c.label} declares that it provides the ${port} port but did not install it`,
        );
      }
    }
  }
  for (const port of installed) {
    if (!running.some((c) => c.provides.includes(port))) {
      problems.push(`the ${port} port is installed but no running component declares it`);
    }
  }
  return problems;
}

/** The optional ports missing from this selection, with what each component does without them. */
export function absentPorts(
  running: readonly Component[],
): { component: string; port: PortName; behaviour: string }[] {
  const out: { component: string; port: PortName; behaviour: string }[] = [];
  for (const c of running) {
    for (const [port, behaviour] of Object.entries(c.optional) as [PortName, string][]) {
      if (!running.some((r) => r.provides.includes(port))) {
        out.push({ component: c.label, port, behaviour });
      }
    }
  }
  return out;
}

/**
 * A port its caller declared in `requires`: installed whenever the caller runs (WIRING-1), so
 * its absence is a bug, not a state to handle. Use it instead of `ports.x?.` / `if (!ports.x)`.
 */
export function requirePort<K extends PortName>(
  platform: { ports: Ports },
  name: K,
): NonNullable<Ports[K]> {
  const port = platform.ports[name];
  if (port === undefined) {
    throw new Error(`the ${name} port is not installed, though a running component requires it`);
  }
  return port as NonNullable<Ports[K]>;
}
