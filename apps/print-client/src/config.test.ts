import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backoffDelay, printServerUrl } from './connection';
import { defaultStatePath, loadConfig, normaliseServerUrl } from './config';

describe('the configuration', () => {
  it('has the defaults of the README', () => {
    const config = loadConfig({ HOME: '/home/jan', XDG_CONFIG_HOME: '/home/jan/.config' });
    expect(config).toEqual({ port: 41414, printFolder: null, statePath: '/home/jan/.config/verzendhuis-print-client/state.json', origins: ['http://localhost:8080'], serverUrl: 'http://localhost:8080' });
  });

  it('reads every variable', () => {
    const config = loadConfig({ PRINT_CLIENT_PORT: '8371', PRINT_FOLDER: 'labels', PRINT_CLIENT_STATE: '/tmp/s.json', PRINT_CLIENT_ORIGINS: 'https://app.verzendhuis.nl/, http://localhost:5173', PRINT_SERVER_URL: 'https://app.verzendhuis.nl/' });
    expect(config).toEqual({ port: 8371, printFolder: path.resolve('labels'), statePath: '/tmp/s.json', origins: ['https://app.verzendhuis.nl', 'http://localhost:5173'], serverUrl: 'https://app.verzendhuis.nl' });
  });

  it('refuses a port or address that is none', () => {
    expect(() => loadConfig({ PRINT_CLIENT_PORT: 'abc' })).toThrow('PRINT_CLIENT_PORT');
    expect(() => loadConfig({ PRINT_SERVER_URL: 'ftp://x' })).toThrow('PRINT_SERVER_URL');
    expect(() => loadConfig({ PRINT_CLIENT_ORIGINS: 'file:///x' })).toThrow();
  });

  it('keeps the state in the config folder of each system', () => {
    expect(defaultStatePath({ APPDATA: 'C:\\Users\\jan\\AppData\\Roaming' }, 'win32')).toContain('verzendhuis-print-client');
    expect(defaultStatePath({}, 'darwin')).toContain(path.join('Library', 'Application Support', 'verzendhuis-print-client'));
  });

  it('takes http(s) server addresses only', () => {
    expect(normaliseServerUrl('https://app.verzendhuis.nl/')).toBe('https://app.verzendhuis.nl');
    expect(normaliseServerUrl('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normaliseServerUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseServerUrl('https://jan:geheim@x.nl')).toBeNull();
    expect(normaliseServerUrl(42)).toBeNull();
  });
});

describe('the connection', () => {
  it('reaches the print server over ws or wss', () => {
    expect(printServerUrl('http://localhost:8080')).toBe('ws://localhost:8080/api/print-server');
    expect(printServerUrl('https://x.nl/verzendhuis')).toBe('wss://x.nl/verzendhuis/api/print-server');
  });

  it('waits twice as long after each failure, at most 30 s, with jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, undefined, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(3, undefined, () => 0)).toBe(4000);
    expect(backoffDelay(40, undefined, () => 0.5)).toBe(22500);
  });
});
