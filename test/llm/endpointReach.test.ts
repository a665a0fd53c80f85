import { describe, expect, it } from 'vitest';
import { addressSpace, endpointBlocked, unreachableText } from '../../src/llm/endpointReach.ts';
import { DEFAULT_CONNECT } from '../../src/security/csp.ts';

const local = { page: 'http://127.0.0.1:4173/', connect: DEFAULT_CONNECT };
const hosted = { page: 'https://inspector.example.org/', connect: DEFAULT_CONNECT };

describe('endpointBlocked', () => {
  it('lets through what the default policy allows', () => {
    expect(endpointBlocked('https://api.openai.com/v1', local)).toBeNull();
    expect(endpointBlocked('http://127.0.0.1:8089/v1', local)).toBeNull();
    expect(endpointBlocked('http://localhost:11434/v1', hosted)).toBeNull();
  });

  it('names the policy for plain http to another machine (not CORS)', () => {
    expect(endpointBlocked('http://192.168.1.20:8000/v1', local)).toBe(
      "This page's Content-Security-Policy does not let it reach http://192.168.1.20:8000: it allows https endpoints, and http only on this machine (127.0.0.1, localhost). Use an https address (a reverse proxy in front of the server), or serve the inspector with INSPECTOR_LLM_ORIGINS naming http://192.168.1.20:8000.",
    );
  });

  it('follows a deployment’s own list of origins', () => {
    const named = { page: 'http://127.0.0.1:4173/', connect: ['https://api.openai.com', 'http://192.168.1.20:8000'] };
    expect(endpointBlocked('http://192.168.1.20:8000/v1', named)).toBeNull();
    expect(endpointBlocked('https://openrouter.ai/api/v1', named)).toMatch(
      /it allows https:\/\/api\.openai\.com, http:\/\/192\.168\.1\.20:8000\./,
    );
  });

  it('names mixed content where the policy would allow plain http', () => {
    const open = { page: 'https://inspector.example.org/', connect: ['http:'] };
    expect(endpointBlocked('http://10.0.0.5/v1', open)).toMatch(
      /served over https, so the browser refuses plain http requests to http:\/\/10\.0\.0\.5 \(mixed content\)/,
    );
  });

  it('refuses what is not an http(s) URL', () => {
    expect(endpointBlocked('ftp://example.org/v1', local)).toMatch(/not an http\(s\) address/);
    expect(endpointBlocked('not a url', local)).toMatch(/is not a URL/);
  });
});

describe('unreachableText', () => {
  it('tells address spaces apart', () => {
    expect(
      ['127.0.0.1', 'localhost', '192.168.0.4', '10.1.2.3', '172.20.0.1', 'nas.local', 'api.openai.com'].map(
        addressSpace,
      ),
    ).toEqual(['loopback', 'loopback', 'private', 'private', 'private', 'private', 'public']);
  });

  it('names Private Network Access for a private address seen from a public page, CORS otherwise', () => {
    expect(unreachableText('https://192.168.1.20/v1', hosted)).toMatch(
      /a private-network address: .*Private Network Access/,
    );
    expect(unreachableText('https://api.example.com/v1', hosted)).toMatch(
      /does not allow requests from this page \(CORS\)/,
    );
    expect(unreachableText('https://192.168.1.20/v1', local)).toMatch(/\(CORS\)/);
  });
});
