import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret kept in DATA_DIR/keys/<name>, made by `generate` the first time. When two processes
 * start at once, the second keeps the first one's (the file is written with 'wx').
 */
export async function dataDirSecret(
  dataDir: string,
  name: string,
  generate: () => string,
): Promise<string> {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, name);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(dir, { recursive: true });
    try {
      await fs.writeFile(file, `${generate()}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      // Written meanwhile by another process.
    }
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
