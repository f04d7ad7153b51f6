/**
 * The ecosystems the dependency scanner reads packages of, by their OSV names
 * (https://ossf.github.io/osv-schema/#affectedpackage-field).
 */
export const ECOSYSTEMS = ['npm', 'PyPI', 'Go', 'crates.io', 'RubyGems', 'Packagist', 'Maven', 'NuGet'] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];
