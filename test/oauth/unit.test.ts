// Pure parts: redirect matching, resource comparison, the challenge header, metadata.
import { describe, expect, it } from 'vitest';
import { authorizationServerMetadata, protectedResourceMetadata, wwwAuthenticate } from '../../oauth/index.js';
import { redirectUriMatches, redirectUriProblem } from '../../oauth/redirect-uris.js';
import { sameResource } from '../../oauth/resource.js';

describe('redirect URIs', () => {
  it('matches exactly, except the port of a loopback redirect (RFC 8252 §7.3)', () => {
    const registered = ['https://claude.ai/api/mcp/auth_callback', 'http://127.0.0.1/callback', 'http://localhost:3000/cb'];
    expect(redirectUriMatches(registered, 'https://claude.ai/api/mcp/auth_callback')).toBe(true);
    expect(redirectUriMatches(registered, 'https://claude.ai/api/mcp/auth_callback?x=1')).toBe(false);
    expect(redirectUriMatches(registered, 'https://claude.ai:444/api/mcp/auth_callback')).toBe(false);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:61234/callback')).toBe(true);
    expect(redirectUriMatches(registered, 'http://localhost:9/cb')).toBe(true);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:61234/other')).toBe(false);
    expect(redirectUriMatches(registered, 'http://[::1]:61234/callback')).toBe(false);
  });
  it('accepts https, loopback http and app schemes; refuses the rest', () => {
    for (const ok of ['https://chatgpt.com/connector_platform_oauth_redirect', 'https://chatgpt.com/connector/oauth/x1', 'http://[::1]:8080/cb', 'com.example.app:/oauth2redirect']) {
      expect(redirectUriProblem(ok), ok).toBeNull();
    }
    for (const bad of ['http://example.com/cb', 'javascript:alert(1)', 'data:text/html,x', 'https://x.example/cb#f', 'https://u:p@x.example/cb', '/relative']) {
      expect(redirectUriProblem(bad), bad).not.toBeNull();
    }
  });
});

describe('resource indicators', () => {
  it('compares after normalisation', () => {
    expect(sameResource('https://API.example.com:443/mcp/', 'https://api.example.com/mcp')).toBe(true);
    expect(sameResource('https://api.example.com/mcp', 'https://api.example.com/other')).toBe(false);
    expect(sameResource('https://api.example.com/mcp#x', 'https://api.example.com/mcp')).toBe(false);
  });
});

describe('WWW-Authenticate', () => {
  it('points at the protected-resource metadata with a scope', () => {
    expect(wwwAuthenticate('https://api.example.com/')).toBe('Bearer resource_metadata="https://api.example.com/.well-known/oauth-protected-resource/mcp", scope="read"');
    expect(wwwAuthenticate('https://api.example.com', { error: 'insufficient_scope', scope: ['read', 'book'] }))
      .toBe('Bearer resource_metadata="https://api.example.com/.well-known/oauth-protected-resource/mcp", scope="read book", error="insufficient_scope"');
  });
});

describe('metadata', () => {
  it('advertises what MCP clients look for', () => {
    const as = authorizationServerMetadata('https://api.example.com');
    expect(as).toMatchObject({
      issuer: 'https://api.example.com',
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      scopes_supported: ['read', 'plan', 'book'],
    });
    expect(as.token_endpoint_auth_methods_supported).toContain('none');
    expect(protectedResourceMetadata('https://api.example.com')).toMatchObject({ resource: 'https://api.example.com/mcp', authorization_servers: ['https://api.example.com'] });
  });
});
