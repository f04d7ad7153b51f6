/**
 * Switches and matches as allow-lists, and Java whole-match patterns, in every engine: a value
 * that reaches a sink only inside `case 'a': case 'b':` branches of a `switch` on it (Python
 * `case 'a' | 'b':`, Go `case "a", "b":`, Java `case "a" ->`, Ruby `when "a", "b"`) is one of the
 * code's own strings, and so is a value compared equal to one; a Java value matched whole by a
 * strict pattern (`P.matcher(x).matches()`, `x.matches(RE)`) holds only words. The unsafe variants:
 * a `default:` or capture branch that still passes the value, a `default:` running into a case, a
 * computed label, a pattern searched (`find()`) rather than matched whole, or admitting a quote.
 * Only proven flows count here: a query still built from a non-constant value stays reported as
 * such, at the lower confidence.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { scanner } from '../../../src/scanners/code/scanner.js';

interface Case {
  readonly name: string;
  readonly rule: string;
  readonly path: string;
  readonly code: string;
}

const lines = (...l: string[]) => `${l.join('\n')}\n`;
const express = (...body: string[]) => lines("const express = require('express');", 'const app = express();', "app.get('/items', (req, res) => {", ...body.map((b) => `  ${b}`), '});');
const flask = (...body: string[]) => lines('from flask import Flask, request', 'app = Flask(__name__)', "@app.route('/items')", 'def items():', ...body.map((b) => `    ${b}`));
const php = (...body: string[]) => lines('<?php', ...body);
const go = (...body: string[]) => lines('package main', '', 'func items(w http.ResponseWriter, r *http.Request) {', ...body.map((b) => `\t${b}`), '}');
const java = (...body: string[]) => lines('class Items extends HttpServlet {', '  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {', ...body.map((b) => `    ${b}`), '  }', '}');
const ruby = (...body: string[]) => lines('class ItemsController < ApplicationController', '  def index', ...body.map((b) => `    ${b}`), '  end', 'end');

const SAFE: readonly Case[] = [
  { name: 'JS sort order from a switch with stacked cases', rule: 'sql-injection', path: 'app.js', code: express('const dir = req.query.dir;', 'switch (dir) {', "  case 'asc':", "  case 'desc':", "    db.query('SELECT * FROM items ORDER BY name ' + dir);", '    break;', '  default:', "    db.query('SELECT * FROM items ORDER BY name');", '}') },
  { name: 'JS a case with a block ending in break, the next case its own', rule: 'reflected-xss', path: 'app.js', code: express('switch (req.query.tab) {', "  case 'info': {", "    res.send('<div id=\"' + req.query.tab + '\">');", '    break;', '  }', "  case 'help':", "    res.send('<div id=\"' + req.query.tab + '\">');", '}') },
  { name: 'JS compared equal to a constant', rule: 'reflected-xss', path: 'app.js', code: express("if (req.query.view === 'grid') {", "  res.send('<main class=\"' + req.query.view + '\">');", '}') },
  { name: 'Python match with a union of strings', rule: 'sql-injection', path: 'app.py', code: flask("order = request.args.get('order')", 'match order:', "    case 'asc' | 'desc':", "        cur.execute('SELECT * FROM items ORDER BY name ' + order)", '    case _:', "        cur.execute('SELECT * FROM items')") },
  { name: 'PHP switch with stacked cases and break', rule: 'php-xss', path: 'a.php', code: php("$tab = $_GET['tab'];", 'switch ($tab) {', "    case 'orders':", "    case 'profile':", "        echo \"<div class='$tab'>\";", '        break;', '    default:', "        echo '<div>';", '}') },
  { name: 'Go case with two strings', rule: 'go-sql-injection', path: 'main.go', code: go('dir := r.FormValue("dir")', 'switch dir {', 'case "asc", "desc":', '\tdb.Query("SELECT * FROM items ORDER BY name " + dir)', '}') },
  { name: 'Java switch rule with two labels', rule: 'java-sql-injection', path: 'Items.java', code: java('String dir = request.getParameter("dir");', 'switch (dir) {', '  case "asc", "desc" -> stmt.executeQuery("SELECT * FROM items ORDER BY name " + dir);', '  default -> stmt.executeQuery("SELECT * FROM items");', '}') },
  { name: 'Java "asc".equals(dir)', rule: 'java-sql-injection', path: 'Items.java', code: java('String dir = request.getParameter("dir");', 'if ("asc".equals(dir) || "desc".equals(dir)) {', '  stmt.executeQuery("SELECT * FROM items ORDER BY name " + dir);', '}') },
  { name: 'Java Pattern.compile(RE).matcher(x).matches() with a strict pattern', rule: 'java-sql-injection', path: 'Items.java', code: java('String sku = request.getParameter("sku");', 'if (!Pattern.compile("[A-Z0-9-]{4,12}").matcher(sku).matches()) {', '  response.sendError(400);', '  return;', '}', 'stmt.executeQuery("SELECT * FROM items WHERE sku = \'" + sku + "\'");') },
  { name: 'Java a compiled pattern held in a constant', rule: 'java-sql-injection', path: 'Items.java', code: lines('class Items extends HttpServlet {', '  private static final Pattern SKU = Pattern.compile("^[A-Z0-9]{4,12}$");', '  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {', '    String sku = request.getParameter("sku");', '    if (SKU.matcher(sku).matches()) {', '      stmt.executeQuery("SELECT * FROM items WHERE sku = \'" + sku + "\'");', '    }', '  }', '}') },
  { name: 'Java x.matches(RE) with a strict pattern', rule: 'java-sql-injection', path: 'Items.java', code: java('String id = request.getParameter("id");', 'if (id.matches("\\\\d+")) {', '  stmt.executeQuery("SELECT * FROM items WHERE id = " + id);', '}') },
  { name: 'Ruby case/when with two strings', rule: 'ruby-sql-injection', path: 'a.rb', code: ruby('dir = params[:dir]', 'case dir', 'when "asc", "desc"', '  Item.find_by_sql("SELECT * FROM items ORDER BY name #{dir}")', 'end') },
];

const UNSAFE: readonly Case[] = [
  { name: 'JS the default branch still passes the value', rule: 'sql-injection', path: 'app.js', code: express('const dir = req.query.dir;', 'switch (dir) {', "  case 'asc':", "    db.query('SELECT * FROM items ORDER BY name ' + dir);", '    break;', '  default:', "    db.query('SELECT * FROM items ORDER BY name ' + dir);", '}') },
  { name: 'JS default running into a case', rule: 'reflected-xss', path: 'app.js', code: express('switch (req.query.view) {', '  default:', "  case 'list':", "    res.send('<main class=\"' + req.query.view + '\">');", '}') },
  { name: 'JS a case label that is not a constant', rule: 'reflected-xss', path: 'app.js', code: express('switch (req.query.view) {', '  case req.query.other:', "    res.send('<main class=\"' + req.query.view + '\">');", '}') },
  { name: 'Python a capture case', rule: 'sql-injection', path: 'app.py', code: flask("order = request.args.get('order')", 'match order:', "    case 'asc':", '        pass', '    case other:', "        cur.execute('SELECT * FROM items ORDER BY name ' + order)") },
  { name: 'PHP a case without break running into the default', rule: 'php-xss', path: 'a.php', code: php("$tab = $_GET['tab'];", 'switch ($tab) {', "    case 'orders':", '    default:', "        echo \"<div class='$tab'>\";", '}') },
  { name: 'Go the default case', rule: 'go-sql-injection', path: 'main.go', code: go('dir := r.FormValue("dir")', 'switch dir {', 'case "asc":', '\treturn', 'default:', '\tdb.Query("SELECT * FROM items ORDER BY name " + dir)', '}') },
  { name: 'Java the default rule', rule: 'java-sql-injection', path: 'Items.java', code: java('String dir = request.getParameter("dir");', 'switch (dir) {', '  case "asc" -> stmt.executeQuery("SELECT * FROM items");', '  default -> stmt.executeQuery("SELECT * FROM items ORDER BY name " + dir);', '}') },
  { name: 'Java matcher(x).find(): a search, not a whole match', rule: 'java-sql-injection', path: 'Items.java', code: java('String sku = request.getParameter("sku");', 'if (Pattern.compile("[A-Z0-9-]{4,12}").matcher(sku).find()) {', '  stmt.executeQuery("SELECT * FROM items WHERE sku = \'" + sku + "\'");', '}') },
  { name: 'Java a pattern that admits a quote and a blank', rule: 'java-sql-injection', path: 'Items.java', code: java('String name = request.getParameter("name");', 'if (name.matches("[\\\\w \']+")) {', '  stmt.executeQuery("SELECT * FROM items WHERE name = \'" + name + "\'");', '}') },
  { name: 'Ruby the else branch', rule: 'ruby-sql-injection', path: 'a.rb', code: ruby('dir = params[:dir]', 'case dir', 'when "asc"', '  Item.all', 'else', '  Item.find_by_sql("SELECT * FROM items ORDER BY name #{dir}")', 'end') },
];

beforeAll(async () => {
  await scanner.init?.();
});

const proven = (c: Case) => scanner.scanFile({ path: `src/${c.path}`, text: c.code }).filter((f) => f.ruleId === c.rule && f.confidence >= 0.75);

describe('switch and match allow-lists, Java whole matches', () => {
  it.each(SAFE.map((c) => [c.name, c] as const))('no flow: %s', (_name, c) => {
    expect(proven(c)).toEqual([]);
  });

  it.each(UNSAFE.map((c) => [c.name, c] as const))('reported: %s', (_name, c) => {
    expect(proven(c)).toHaveLength(1);
  });
});
