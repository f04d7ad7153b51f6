import { describe, expect, it } from 'vitest';
import { byRule, scan } from './helpers.js';

/** Statements inside a controller action. */
const action = (...body: string[]) => `class ThingsController < ApplicationController\n  def show\n${body.map((l) => `    ${l}`).join('\n')}\n  end\nend\n`;
const lines = (findings: readonly { line: number }[]) => findings.map((f) => f.line);

describe('Ruby cross-language rules', () => {
  it('reports files opened under request paths, not basenames, checked paths or constant paths', async () => {
    const code = action("path = File.join(UPLOADS, params[:file])", 'data = File.read(path)', "send_file File.join(UPLOADS, File.basename(params[:file]))", "send_file Rails.root.join('public', 'robots.txt')", "full = File.expand_path(params[:doc], DOCS)", 'raise ActionController::BadRequest unless full.start_with?(DOCS)');
    expect(lines(byRule(await scan('a.rb', code), 'ruby-path-traversal'))).toEqual([4]);
  });

  it('sends Kernel#open of URLs to SSRF and of file names to path traversal', async () => {
    const code = action('body = open(params[:feed_url]).read', 'text = open(params[:name]).read', "ok = HTTParty.get(\"https://api.example.com/users/#{params[:id]}\")", 'res = Net::HTTP.get_response(URI(params[:target]))');
    const findings = await scan('a.rb', code);
    expect(lines(byRule(findings, 'ruby-ssrf'))).toEqual([3, 6]);
    expect(lines(byRule(findings, 'ruby-path-traversal'))).toEqual([4]);
  });

  it('reports html_safe, raw and Sinatra bodies of request data, not escaped values or model data', async () => {
    const code = action('@title = "<h1>#{params[:q]}</h1>".html_safe', '@safe = "<h1>#{h(params[:q])}</h1>".html_safe', '@name = "<b>#{current_user.name}</b>".html_safe', 'render plain: params[:q]');
    expect(lines(byRule(await scan('a.rb', code), 'ruby-xss'))).toEqual([3]);
    const sinatra = "get '/hello' do\n  \"Hello #{params[:name]}\"\nend\nget '/safe' do\n  \"Hello #{Rack::Utils.escape_html(params[:name])}\"\nend\n";
    expect(lines(byRule(await scan('app.rb', sinatra), 'ruby-xss'))).toEqual([2]);
  });

  it('reports redirect_to request data, not local paths or allow_other_host: false', async () => {
    const code = action('redirect_to params[:return_to]', 'redirect_to params[:return_to], allow_other_host: false', 'redirect_to "/search?q=#{params[:q]}"', 'redirect_to root_path');
    expect(lines(byRule(await scan('a.rb', code), 'ruby-open-redirect'))).toEqual([3]);
  });

  it('reports MD5 of passwords and request data, not of timestamps or file contents', async () => {
    const code = action('digest = Digest::MD5.hexdigest(params[:password])', 'token = Digest::SHA1.hexdigest(params[:email])', 'cache_key = Digest::MD5.hexdigest(Time.now.to_s)', 'checksum = Digest::MD5.file(path).hexdigest');
    expect(byRule(await scan('a.rb', code), 'ruby-weak-hash').map((f) => [f.line, f.severity])).toEqual([
      [3, 'HIGH'],
      [4, 'MEDIUM'],
    ]);
  });

  it('reports weak cipher names, ECB and short keys, not GCM or keys loaded from PEM', async () => {
    const code = "a = OpenSSL::Cipher.new('des-cbc')\nb = OpenSSL::Cipher::AES.new(128, :ECB)\nc = OpenSSL::Cipher.new('aes-256-gcm')\nd = OpenSSL::PKey::RSA.new(1024)\ne = OpenSSL::PKey::RSA.new(File.read('key.pem'))\n";
    expect(lines(byRule(await scan('a.rb', code), 'ruby-weak-cipher'))).toEqual([1, 2, 4]);
  });

  it('reports rand and sample for tokens, not for delays or shuffling, nor SecureRandom', async () => {
    const code = action('token = rand(36**20).to_s(36)', "api_key = ('a'..'z').to_a.sample(32).join", 'delay = rand(5)', 'order = items.shuffle', 'secret = SecureRandom.hex(32)', 'pin = [1, 2, 3].sample(random: SecureRandom)');
    expect(lines(byRule(await scan('a.rb', code), 'ruby-insecure-randomness'))).toEqual([3, 4]);
  });

  it('reports VERIFY_NONE and verify: false, not comparisons or verify: true', async () => {
    const code = "http.verify_mode = OpenSSL::SSL::VERIFY_NONE\nHTTParty.get(url, verify: false)\nwarn 'insecure' if ctx.verify_mode == OpenSSL::SSL::VERIFY_NONE\nHTTParty.get(url, verify: true)\n";
    expect(lines(byRule(await scan('a.rb', code), 'ruby-tls-verification-disabled'))).toEqual([1, 2]);
  });
});
