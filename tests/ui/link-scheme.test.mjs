// The inkdoku: link scheme (#44 item 2) is declared in the three places that must agree: the
// deep-link plugin's configuration (which reads a launch's argument), the .deb's desktop entry
// (its template passes the link, %u, and the bundler adds the scheme's MimeType from the
// plugin's configuration) and the Windows installer (registered for the user, removed on
// uninstall; checked in the registry under Wine by scripts/check-windows-installer.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const conf = JSON.parse(readFileSync('src-tauri/tauri.conf.json', 'utf8'));

test('the deep-link plugin knows the inkdoku scheme', () => {
  assert.deepEqual(conf.plugins['deep-link'].desktop.schemes, ['inkdoku']);
});

test("the .deb's desktop entry passes the link and declares the scheme", () => {
  const template = readFileSync(`src-tauri/${conf.bundle.linux.deb.desktopTemplate}`, 'utf8');
  assert.match(template, /^Exec=\{\{exec\}\} %u$/m);
  assert.match(template, /^MimeType=\{\{mime_type\}\}$/m);
});

test('the installer registers the scheme for the user and removes it', () => {
  const nsi = readFileSync('installer/inkdoku.nsi', 'utf8');
  assert.match(nsi, /!define LINKKEY "Software\\Classes\\inkdoku"/);
  assert.match(nsi, /WriteRegStr HKCU "\$\{LINKKEY\}" "URL Protocol" ""/);
  assert.match(nsi, /WriteRegStr HKCU "\$\{LINKKEY\}\\shell\\open\\command" "" "\$\\"\$INSTDIR\\\$\{MAINEXE\}\$\\" \$\\"%1\$\\""/);
  assert.match(nsi, /DeleteRegKey HKCU "\$\{LINKKEY\}"/);
});
