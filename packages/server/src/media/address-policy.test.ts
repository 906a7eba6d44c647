import { describe, expect, it } from 'vitest';
import { PUBLIC_ONLY, refusalOf } from './address-policy';

const DEVELOPMENT = { loopback: true, private: true };

describe('refusalOf', () => {
  it('lets public IPv4 and IPv6 addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450::1']) {
      expect(refusalOf(address, PUBLIC_ONLY), address).toBeNull();
    }
  });

  it('refuses every private, loopback, link-local and reserved IPv4 range', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.10',
      '198.18.0.1',
      '240.0.0.1',
    ]) {
      expect(refusalOf(address, PUBLIC_ONLY), address).not.toBeNull();
    }
  });

  it('refuses IPv6 loopback, unique-local, link-local, multicast and documentation ranges', () => {
    for (const address of [
      '::1',
      '::',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
    ]) {
      expect(refusalOf(address, PUBLIC_ONLY), address).not.toBeNull();
    }
  });

  it('sees IPv4 addresses hidden in IPv6 forms', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '2002:c0a8:101::1',
    ]) {
      expect(refusalOf(address, PUBLIC_ONLY), address).not.toBeNull();
    }
    expect(refusalOf('::ffff:8.8.8.8', PUBLIC_ONLY)).toBeNull();
  });

  it('opens loopback and private ranges only when allowed, one by one', () => {
    expect(refusalOf('127.0.0.1', { loopback: true, private: false })).toBeNull();
    expect(refusalOf('::1', { loopback: true, private: false })).toBeNull();
    expect(refusalOf('10.0.0.1', { loopback: true, private: false })).toBe('endereço privado');
    expect(refusalOf('10.0.0.1', DEVELOPMENT)).toBeNull();
    expect(refusalOf('fd12:3456::1', DEVELOPMENT)).toBeNull();
  });

  it('never opens cloud metadata, link-local or unspecified addresses, even in development', () => {
    for (const address of [
      '169.254.169.254',
      'fd00:ec2::254',
      '100.100.100.200',
      '168.63.129.16',
    ]) {
      expect(refusalOf(address, DEVELOPMENT), address).toBe('endereço de metadados da nuvem');
    }
    expect(refusalOf('169.254.10.10', DEVELOPMENT)).toBe('endereço link-local');
    expect(refusalOf('fe80::1', DEVELOPMENT)).toBe('endereço link-local');
    expect(refusalOf('0.0.0.0', DEVELOPMENT)).not.toBeNull();
  });

  it('takes IPv6 literals as URL#hostname writes them: bracketed, IPv4-mapped forms normalised', () => {
    const hostOf = (url: string) => new URL(url).hostname;
    expect(hostOf('https://[::ffff:127.0.0.1]/a.jpg')).toBe('[::ffff:7f00:1]');
    for (const url of [
      'https://[::1]/a.jpg',
      'https://[::ffff:127.0.0.1]/a.jpg',
      'https://[::ffff:10.0.0.1]/a.jpg',
      'https://[0:0:0:0:0:0:0:1]/a.jpg',
      'https://[fd00::1]/a.jpg',
    ]) {
      expect(refusalOf(hostOf(url), PUBLIC_ONLY), url).not.toBeNull();
    }
    expect(refusalOf(hostOf('https://[::1]/a.jpg'), PUBLIC_ONLY)).toBe('endereço de loopback');
    expect(refusalOf(hostOf('https://[2606:4700:4700::1111]/a.jpg'), PUBLIC_ONLY)).toBeNull();
    expect(refusalOf(hostOf('https://[::ffff:8.8.8.8]/a.jpg'), PUBLIC_ONLY)).toBeNull();
  });

  it('refuses what is not an address', () => {
    expect(refusalOf('example.com', DEVELOPMENT)).toBe('endereço inválido');
  });
});
