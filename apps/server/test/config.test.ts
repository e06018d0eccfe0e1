import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { checkDocumentFont } from '../src/modules/document/pdf';
import { allDocumentTexts } from '../src/modules/document/texts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'clinicpass-config-'));

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('config', () => {
  it('starts with defaults on a laptop: port 3000, embedded database, generated secret', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads a relative DATA_DIR from the folder npm was run in, not the workspace npm -w enters', () => {
    const root = dataDir();
    expect(loadConfig({ INIT_CWD: root }).dataDir).toBe(path.join(root, 'data'));
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: 'elsewhere' }).dataDir).toBe(
      path.join(root, 'elsewhere'),
    );
  });

  it('sizes the pool and the drain time from DATABASE_POOL_MAX and SHUTDOWN_DRAIN_SECONDS', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect([defaults.databasePoolMax, defaults.shutdownDrainMs, defaults.metricsToken]).toEqual([
      10,
      0,
      null,
    ]);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_POOL_MAX: '4',
      SHUTDOWN_DRAIN_SECONDS: '2.5',
    });
    expect([set.databasePoolMax, set.shutdownDrainMs]).toEqual([4, 2500]);
    expect(configError({ DATA_DIR: dataDir(), DATABASE_POOL_MAX: '1' }).variables).toEqual([
      'DATABASE_POOL_MAX',
    ]);
  });

  it('reads JOBS_SCHEDULE as task → crontab and refuses another shape, naming the variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      JOBS_SCHEDULE: 'close_stale_visits=* * * * *; stale_directory_report = 0  18 * * *',
    });
    expect(config.jobs.schedule).toEqual({
      close_stale_visits: '* * * * *',
      stale_directory_report: '0 18 * * *',
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).jobs.schedule).toEqual({});
    for (const bad of ['close_stale_visits', 'close_stale_visits=* * *', 'x=* * * * *;;']) {
      expect(configError({ DATA_DIR: dataDir(), JOBS_SCHEDULE: bad }).variables).toEqual([
        'JOBS_SCHEDULE',
      ]);
    }
  });

  it('keeps the generated secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(loadConfig({ DATA_DIR: dir }).secretKey);
  });

  it('refuses to start without the PDFs’ CJK font, or with one lacking the documents’ characters', () => {
    const error = configError({ DATA_DIR: dataDir(), PDF_CJK_FONT: '/nowhere/font.ttc' });
    expect(error.variables).toEqual(['PDF_CJK_FONT']);
    expect(error.message).toContain('/nowhere/font.ttc does not exist');
    const latinOnly = {
      path: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
      face: 'DejaVuSans',
    };
    expect(() => {
      checkDocumentFont(latinOnly, allDocumentTexts());
    }).toThrow(/PDF_CJK_FONT .*DejaVuSans\.ttf .*has no glyph for .*發票/);
    const { documents } = loadConfig({ DATA_DIR: dataDir() });
    expect(() => {
      checkDocumentFont(documents.font, allDocumentTexts());
    }).not.toThrow();
  });

  it('names a bad variable', () => {
    const error = configError({ PORT: 'eighty', DATA_DIR: dataDir() });
    expect(error.variables).toEqual(['PORT']);
    expect(error.message).toContain('PORT');
  });

  it('names every variable production requires', () => {
    const error = configError({ NODE_ENV: 'production', DATA_DIR: dataDir() });
    expect(error.variables.sort()).toEqual(['DATABASE_URL', 'PUBLIC_URL', 'SECRET_KEY']);
  });

  it('rejects a DATABASE_URL that is not PostgreSQL', () => {
    const error = configError({ DATABASE_URL: 'mysql://localhost/db', DATA_DIR: dataDir() });
    expect(error.variables).toEqual(['DATABASE_URL']);
  });
});

describe('server start-up', () => {
  it('exits with status 1 naming a missing required variable', async () => {
    const { spawnSync } = await import('node:child_process');
    const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
    const result = spawnSync(tsx, [path.resolve(import.meta.dirname, '../src/server.ts')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir() },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SECRET_KEY');
    expect(result.stderr).toContain('DATABASE_URL');
  });
});
