/**
 * Assignment forms the rules' `NAME = value` patterns do not see as written:
 * XML elements and `key="NAME" value="…"` attribute pairs, Dockerfile's legacy
 * `ENV NAME value`, and dotted `.properties` names. `assignmentView` rewrites
 * each of them to `NAME=value` *in place*: every replacement has the length of
 * what it replaces and no value character moves, so an offset in the view is
 * the same offset in the file and every rule runs unchanged over both.
 */

/** Files whose XML elements and attributes hold settings. */
const XML_PATH = /\.(?:xml|config|[cfv]sproj|props|targets|plist|nuspec|pubxml|cscfg|csdef|jelly|xaml)$/i;
const DOCKERFILE_PATH = /(?:^|\/)(?:Dockerfile|Containerfile)(?:[._-][\w.-]{0,60})?$|\.dockerfile$/i;
const PROPERTIES_PATH = /\.properties$/i;

/** `<name>value</name>` on one line; the value has no markup of its own. */
const XML_ELEMENT = /<(?<name>[A-Za-z_][\w.:-]{0,60})>(?=[^<>\n]{1,1024}<\/\k<name>>)/g;
/** `key="NAME" value="…"` (appSettings, Ant/MSBuild properties, NuGet config). */
const XML_KEY_VALUE = /\b(?:key|name)\s{0,2}=\s{0,2}(?<q>["'])(?<name>[A-Za-z_][\w.:-]{0,80})\k<q>\s{1,8}value\s{0,2}=\s{0,2}(?=["'])/g;
/** Legacy Dockerfile `ENV NAME value` (no `=`): the whitespace after the name. */
const DOCKER_ENV = /^(?<head>[ \t]{0,8}(?:ENV|ARG)[ \t]{1,8}[A-Za-z_][\w.-]{0,80})(?<gap>[ \t]{1,8})(?=[^\s=])/gim;
/** A `.properties` key with dots: `cloud.aws.credentials.secret-key=`. */
const PROPERTIES_KEY = /^(?<indent>[ \t]{0,8})(?<name>[A-Za-z_][\w-]{0,80}(?:\.[\w-]{1,80}){1,12})(?=[ \t]{0,4}[=:])/gm;

const spaces = (n: number): string => ' '.repeat(Math.max(0, n));

/**
 * The file with its alternative assignment forms rewritten to `NAME=value`,
 * or undefined when the file has none (the common case: nothing is copied).
 */
export function assignmentView(path: string, text: string): string | undefined {
  let view = text;
  if (XML_PATH.test(path) && text.includes('<')) {
    view = view.replace(XML_ELEMENT, (whole: string, name: string) => ` ${name}=`.padEnd(whole.length, ' '));
    view = view.replace(XML_KEY_VALUE, (whole: string, q: string, name: string) => `${spaces(whole.length - name.length - 1)}${name}=`);
  }
  if (DOCKERFILE_PATH.test(path)) {
    view = view.replace(DOCKER_ENV, (_whole: string, head: string, gap: string) => `${head}${spaces(gap.length - 1)}=`);
  }
  if (PROPERTIES_PATH.test(path)) {
    view = view.replace(PROPERTIES_KEY, (_whole: string, indent: string, name: string) => `${indent}${name.replace(/\./g, '_')}`);
  }
  return view === text ? undefined : view;
}
