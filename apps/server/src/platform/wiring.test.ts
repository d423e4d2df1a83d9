import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../test/harness';
import { buildApp } from '../app';
import { realtimeComponent } from '../realtime/index';
import { SERVICES } from '../services/index';
import { withFacts } from './access';
import { loadConfig } from './config';
import type { Ports } from './ports';
import {
  installedProblems,
  requirePort,
  serviceComponent,
  wiringProblems,
  type Component,
  type PortName,
} from './wiring';

const ALL: Component[] = [...SERVICES.map(serviceComponent), realtimeComponent];
const byName = (names: string[]) =>
  ALL.filter(
    (c) => names.includes(c.service) && (c !== realtimeComponent || names.includes('room')),
  );

/** Every port of `Ports`, as the components declare them (each provided by exactly one). */
const PORTS = ALL.flatMap((c) => c.provides);

describe('WIRING-1: a selection missing a required port does not start', () => {
  it('names the component, the port, its provider and what to add to SERVICES', () => {
    expect(wiringProblems(byName(['upload']), ALL)).toEqual([
      'the upload service requires the songs port, which the song service provides; add song to SERVICES',
    ]);
    const lonely: Component = {
      label: 'the lonely service',
      service: 'merch',
      provides: [],
      requires: ['rooms'],
      optional: {},
    };
    expect(wiringProblems([lonely], ALL)).toEqual([
      'the lonely service requires the rooms port, which the room service provides; add room to SERVICES',
    ]);
    expect(wiringProblems([lonely], [lonely])).toEqual([
      'the lonely service requires the rooms port, which no service provides',
    ]);
  });

  it('the default selection, and every subset the tests run, can start', () => {
    expect(wiringProblems(byName([...SERVICE_NAMES]), ALL)).toEqual([]);
    for (const subset of ['room', 'user,room', 'user,chat', 'user,social', 'user,notification']) {
      expect(wiringProblems(byName(subset.split(',')), ALL), subset).toEqual([]);
    }
    expect(wiringProblems(byName(['song', 'upload']), ALL)).toEqual([]);
  });

  it('the start fails with that message before anything is opened', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-wiring-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SERVICES: 'user,upload',
    });
    await expect(buildApp(config)).rejects.toThrow(
      'SERVICES cannot start: the upload service requires the songs port, which the song service provides; add song to SERVICES',
    );
    // Nothing was opened: no database, no keys.
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('WIRING-2: what is installed matches what is declared', () => {
  it('names a declared port left uninstalled, and an installed port nobody declares', () => {
    const ports: Ports = { songs: {} as never };
    expect(installedProblems(byName(['user']), ports)).toEqual([
      'the user service declares that it provides the users port but did not install it',
      'the user service declares that it provides the providerTokens port but did not install it',
      'the songs port is installed but no running component declares it',
    ]);
  });

  it('each port has one provider, and no component both requires and optionally uses a port', () => {
    expect(new Set(PORTS).size).toBe(PORTS.length);
    for (const c of ALL) {
      for (const port of c.requires)
        expect(c.optional[port], `${c.label}: ${port}`).toBeUndefined();
      for (const [port, behaviour] of Object.entries(c.optional)) {
        expect(behaviour.length, `${c.label} without ${port}`).toBeGreaterThan(20);
      }
    }
  });

  it('requirePort answers an installed port and throws, naming it, for a missing one', () => {
    const songs = {} as NonNullable<Ports['songs']>;
    expect(requirePort({ ports: { songs } }, 'songs')).toBe(songs);
    expect(() => requirePort({ ports: {} }, 'rooms')).toThrow(/the rooms port is not installed/);
  });
});

/**
 * The declarations are what the code does: every port a component's folder reads is declared
 * (provided, required or optional), and every declared need is read somewhere. Communities are the
 * room service's (it mounts them); permission checks that read facts (platform/access.ts) read users.
 */
describe('WIRING-3: each component declares the ports its code uses', () => {
  const root = path.resolve(__dirname, '..');
  const folders: Record<string, string[]> = { realtime: ['realtime'] };
  for (const s of SERVICES) folders[s.name] = [`services/${s.name}`];
  folders.room.push('services/community');

  const sources = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.ts') && !/\.test\.ts$|testing\.ts$|test-kit\.ts$/.test(f))
          .map((f) => path.join(dir, f))
      : [];
  const used = (name: string): Set<PortName> => {
    const out = new Set<PortName>();
    for (const dir of folders[name] ?? []) {
      for (const file of sources(path.join(root, dir))) {
        const code = fs
          .readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\/\/.*$/gm, '');
        for (const m of code.matchAll(/\bports\??\.(\w+)/g)) out.add(m[1] as PortName);
        for (const m of code.matchAll(/requirePort\([^,]+,\s*'(\w+)'\)/g)) {
          out.add(m[1] as PortName);
        }
        if (/requireAccessWith\(|withFacts\(/.test(code)) out.add('users');
      }
    }
    return out;
  };

  for (const c of ALL) {
    const name = c === realtimeComponent ? 'realtime' : c.service;
    it(`${c.label}`, () => {
      const declared = new Set<string>([...c.provides, ...c.requires, ...Object.keys(c.optional)]);
      const reads = used(name);
      expect(
        [...reads].filter((p) => !declared.has(p)),
        'used but not declared',
      ).toEqual([]);
      const needs = [...c.requires, ...Object.keys(c.optional)];
      expect(
        needs.filter((p) => !reads.has(p as PortName)),
        'declared but not used',
      ).toEqual([]);
    });
  }
});

describe('docs/ARCHITECTURE.md "Wiring" lists what the components declare', () => {
  const doc = fs.readFileSync(path.resolve(__dirname, '../../../../docs/ARCHITECTURE.md'), 'utf8');
  const rows = doc
    .slice(doc.indexOf('| Service | Provides |'))
    .split('\n')
    .slice(2)
    .filter(
      (line, i, all) => line.startsWith('|') && all.slice(0, i).every((l) => l.startsWith('|')),
    )
    .map((line) => line.split('|').slice(1, -1));
  const ports = (cell: string) => [...cell.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort();

  it('one row per component, with the same ports', () => {
    expect(rows.length).toBe(ALL.length);
    for (const [name, provides, requires, optional] of rows) {
      const c = /realtime/.test(name)
        ? realtimeComponent
        : ALL.find((x) => x !== realtimeComponent && x.service === name.trim());
      expect(c, name).toBeDefined();
      expect(ports(provides), `${name} provides`).toEqual([...c!.provides].sort());
      expect(ports(requires), `${name} requires`).toEqual([...c!.requires].sort());
      expect(ports(optional), `${name} optional`).toEqual(Object.keys(c!.optional).sort());
    }
  });
});

describe('ACCESS-FACTS-1: a fact whose port is absent is not guessed', () => {
  it('a permission an unverified account lacks answers 503 without the users port', async () => {
    const actor = { uuid: '0e0a6f3c-1111-4222-8333-944445555666', roles: ['user' as const] };
    for (const permission of ['room.create', 'crate.create', 'song.upload', 'room.dj'] as const) {
      await expect(withFacts({}, actor, permission)).rejects.toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
    }
  });
});

describe('the default selection', () => {
  let s: TestServer | undefined;
  afterAll(() => s?.close());

  it('starts with every port installed, each by the component that declares it', async () => {
    s = await startTestServer();
    const installed = (Object.keys(s.app.platform.ports) as PortName[]).filter(
      (p) => s!.app.platform.ports[p] !== undefined,
    );
    expect(installed.sort()).toEqual([...PORTS].sort());
    expect(s.app.realtime).not.toBeNull();
  });
});
