import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test-render';
import { hiddenSusiButtons } from '../../../shared/auth-providers';
import { GoogleOption, SocialOptions } from './SocialOptions';

const providers = [
  { name: 'google', label: 'Google' },
  { name: 'oidc', label: 'Acme ID' },
];

describe('social sign-in options', () => {
  it('offers each configured provider by its label, linking to /m/connect with the operation and redirect', () => {
    const html = renderWithSite(<SocialOptions operation="register" redirect="/@ann" />, { authProviders: providers });
    expect(html).toContain('href="/m/connect/google?operation=register&amp;redirect=%2F%40ann"');
    expect(html).toContain('>Sign up with Google</a>');
    expect(html).toContain('>Sign up with Acme ID</a>');
    expect(renderWithSite(<SocialOptions operation="login" />, { authProviders: providers })).toMatch(/href="\/m\/connect\/oidc\?operation=login"[^>]*>Sign in with Acme ID<\/a>/);
  });

  it('shows nothing without configured providers', () => {
    expect(renderWithSite(<SocialOptions operation="login" />)).toBe('');
  });

  it('offers Google for gmail and google addresses only, and only when Google is configured (spec §5)', () => {
    for (const email of ['ann@gmail.com', ' Ann@GoogleMail.com ', 'ann@google.com']) {
      expect(renderWithSite(<GoogleOption email={email} operation="login" />, { authProviders: providers }), email).toContain('>Sign in with Google</a>');
    }
    expect(renderWithSite(<GoogleOption email="ann@example.com" operation="login" />, { authProviders: providers })).toBe('');
    expect(renderWithSite(<GoogleOption email="ann@gmail.com" operation="login" />, { authProviders: [providers[1]!] })).toBe('');
  });
});

describe('flags that hide sign-in buttons (spec §4)', () => {
  it('hides a provider for the operation its flag names, and only that one', () => {
    const html = renderWithSite(<SocialOptions operation="login" />, { authProviders: providers, hiddenSusiButtons: ['login:google'] });
    expect(html).not.toContain('Sign in with Google');
    expect(html).toContain('Sign in with Acme ID');
    expect(renderWithSite(<SocialOptions operation="register" />, { authProviders: providers, hiddenSusiButtons: ['login:google'] })).toContain('Sign up with Google');
    expect(renderWithSite(<GoogleOption email="ann@gmail.com" operation="login" />, { authProviders: providers, hiddenSusiButtons: ['login:google'] })).toBe('');
  });

  it('maps the flag names to the buttons', () => {
    expect(hiddenSusiButtons(new Map<string, unknown>([['disable_login_email', true], ['disable_signup_facebook', true], ['disable_login_google', false]]))).toEqual(['login:email', 'register:facebook']);
  });
});
