/**
 * File reads as propagators (taint-propagators.ts `content-of-argument` rows): the content of a
 * local file is not the attacker's because the request picks which file is read (that choice is
 * path traversal, reported at the read); it is when the argument may name a URL or stream wrapper
 * the attacker chooses.
 */
import { describe, expect, it } from 'vitest';
import { byRule, EXAMPLE_PATHS, scan } from './helpers.js';

/** Whether php-code-injection reports `eval` of the read as a proven flow from the request. */
async function provenPhp(body: string): Promise<boolean> {
  const findings = byRule(await scan(EXAMPLE_PATHS.php, `<?php\n${body}\n`), 'php-code-injection');
  return findings.some((f) => /Request data from/.test(f.description));
}

describe('file reads in PHP', () => {
  it.each([
    ['a relative directory before the request data', "$id = $_GET['id'];\neval('?>' . file_get_contents(\"vulnerabilities/{$id}/help/help.php\"));"],
    ['a constant defined in the file', "define('ROOT', '../');\n$id = $_GET['id'];\neval('?>' . file_get_contents(ROOT . 'pages/' . $id));"],
    ['a constant defined elsewhere, then a directory', "$id = $_GET['id'];\neval('?>' . file_get_contents(APP_ROOT . \"pages/{$id}.php\"));"],
    ['__DIR__ and a directory', "eval(file_get_contents(__DIR__ . '/snippets/' . $_GET['name']));"],
    ['a path held in a variable', "$path = '/srv/snippets/' . $_POST['name'];\n$h = fopen($path, 'r');\neval(fread($h, 4096));"],
    ['an http URL of a fixed host', "eval(file_get_contents('https://code.example.com/snippets/' . $_GET['name']));"],
  ])('does not carry request data into the content after %s', async (_what, body) => {
    expect(await provenPhp(body)).toBe(false);
  });

  it.each([
    ['the request value alone (http://, data:, php://input)', "eval(file_get_contents($_GET['url']));"],
    ['a constant defined elsewhere, right before the request data', "eval(file_get_contents(APP_ROOT . $_GET['page']));"],
    ['a URL whose host comes from the request', "eval(file_get_contents('http://' . $_GET['host'] . '/code.txt'));"],
    ['a wrapper around another location', "eval(file_get_contents('php://filter/read=string.rot13/resource=' . $_GET['f']));"],
    ['a phar archive', "eval(file_get_contents('phar://uploads/' . $_GET['f']));"],
    ['an uploaded file', "eval(file_get_contents($_FILES['code']['tmp_name']));"],
    ['a variable holding the request value', "$src = $_POST['src'];\n$lines = file($src);\neval(implode('', $lines));"],
  ])('carries request data into the content from %s', async (_what, body) => {
    expect(await provenPhp(body)).toBe(true);
  });

  it('still reports the read itself as path traversal', async () => {
    const findings = byRule(await scan(EXAMPLE_PATHS.php, "<?php\n$id = $_GET['id'];\neval('?>' . file_get_contents(\"vulnerabilities/{$id}/help/help.php\"));\n"), 'php-path-traversal');
    expect(findings).toHaveLength(1);
  });
});
