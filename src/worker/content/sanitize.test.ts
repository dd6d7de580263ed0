import { describe, expect, it } from 'vitest';
import { decodeEntities, safeHref, sanitizeHtml } from './sanitize.ts';

/** Nothing that can run script may survive: no script-ish elements, no handlers, no unsafe URLs. */
function expectInert(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|img|template|noscript|form|input|meta|link|base)/);
  expect(lower).not.toMatch(/<[^>]*\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/(javascript|vbscript|data):/);
  expect(lower).not.toMatch(/\sstyle\s*=/);
  expect(lower).not.toMatch(/href="(?!\/[^/\\]|#)/);
}

describe('sanitizeHtml keeps ordinary markup', () => {
  it('keeps allowed tags and same-origin links', () => {
    const html = '<h2>Trail notes</h2><p>Built for <strong>long</strong> <em>days</em>.<br>See <a href="/en-us/c/boots-1234" title="Boots">boots</a>.</p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps lists, quotes and small print', () => {
    const html = '<ul><li>One</li><li><b>Two</b></li></ul><ol><li>Three</li></ol><blockquote><p>Quote</p></blockquote><small>Terms</small>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps fragment links and adds rel to new-tab links', () => {
    expect(sanitizeHtml('<a href="#size-guide">Sizes</a>')).toBe('<a href="#size-guide">Sizes</a>');
    expect(sanitizeHtml('<a href="/help" target="_blank" rel="opener">Help</a>')).toBe('<a href="/help" target="_blank" rel="noopener noreferrer">Help</a>');
  });

  it('keeps character references in text and escapes stray characters', () => {
    expect(sanitizeHtml('Tom &amp; Jerry &nbsp;&#8212; caf&eacute;')).toBe('Tom &amp; Jerry &nbsp;&#8212; caf&eacute;');
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('<p>a <3 b</p>')).toBe('<p>a &lt;3 b</p>');
  });

  it('lowercases uppercase tags and keeps them', () => {
    expect(sanitizeHtml('<P>Hi <STRONG>there</STRONG></P>')).toBe('<p>Hi <strong>there</strong></p>');
  });

  it('drops unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<div class="x"><font color="red">Red</font> <marquee>text</marquee></div>')).toBe('Red text');
  });

  it('drops attributes that are not on the list', () => {
    expect(sanitizeHtml('<p class="lead" id="x" style="color:red" data-x="1">Text</p>')).toBe('<p>Text</p>');
    expect(sanitizeHtml('<span title="Tip &quot;quoted&quot;">t</span>')).toBe('<span title="Tip &quot;quoted&quot;">t</span>');
  });

  it('balances unclosed tags and ignores stray end tags', () => {
    expect(sanitizeHtml('<p><strong>bold <em>both')).toBe('<p><strong>bold <em>both</em></strong></p>');
    expect(sanitizeHtml('</p>text</strong>')).toBe('text');
    expect(sanitizeHtml('<p><b>a</p>b')).toBe('<p><b>a</b></p>b');
  });

  it('drops comments, doctypes and CDATA', () => {
    expect(sanitizeHtml('a<!-- <script>alert(1)</script> -->b<!DOCTYPE html><![CDATA[x]]>c')).toBe('abc');
    expect(sanitizeHtml('a<!-- never closed <script>')).toBe('a');
  });

  it('keeps only inline tags in inline mode', () => {
    expect(sanitizeHtml('<h2>Big <em>sale</em></h2><p>now</p>', { inline: true })).toBe('Big <em>sale</em>now');
  });
});

describe('sanitizeHtml removes script vectors', () => {
  const vectors: [string, string][] = [
    ['script element', '<script>alert(1)</script>'],
    ['script with attributes', '<SCRIPT SRC=/x.js></SCRIPT>'],
    ['unclosed script', '<p>hi<script>alert(1)'],
    ['split script tag', '<scr<script>ipt>alert(1)</script>'],
    ['nested script name', '<<script>script>alert(1)<</script>/script>'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['img onerror quoted', '<img src="x" onerror="alert(1)">'],
    ['svg onload', '<svg onload=alert(1)>'],
    ['svg self-closing onload', '<svg/onload=alert(1)>'],
    ['svg with script', '<svg><g><script>alert(1)</script></g></svg>'],
    ['math', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>'],
    ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    ['object', '<object data="data:text/html,<script>alert(1)</script>"></object>'],
    ['embed', '<embed src="javascript:alert(1)">'],
    ['style element', '<style>body{background:url(javascript:alert(1))}</style>'],
    ['template', '<template><img src=x onerror=alert(1)></template>'],
    ['noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ['javascript href', '<a href="javascript:alert(1)">x</a>'],
    ['mixed case javascript href with spaces', '<a href="  JaVaScRiPt:alert(1)">x</a>'],
    ['javascript href with tab', '<a href="jav\tascript:alert(1)">x</a>'],
    ['entity-encoded javascript', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>'],
    ['hex entities without semicolons', '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>'],
    ['named entity colon', '<a href="javascript&colon;alert(1)">x</a>'],
    ['data url', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['vbscript url', '<a href="vbscript:msgbox(1)">x</a>'],
    ['unquoted javascript href', '<a href=javascript:alert(1)>x</a>'],
    ['event handler on allowed tag', '<p onclick="alert(1)" onmouseover=alert(1)>x</p>'],
    ['event handler after slash', '<a/onmouseover=alert(1) href="/x">x</a>'],
    ['style attribute', '<span style="background:url(javascript:alert(1))">x</span>'],
    ['unclosed attribute quote', '<a href="/x" title="oops>x</a><script>alert(1)</script>'],
    ['unterminated tag', '<p>ok</p><img src=x onerror=alert(1)'],
    ['form', '<form action="javascript:alert(1)"><input onfocus=alert(1) autofocus></form>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ];
  for (const [name, html] of vectors) {
    it(`neutralises ${name}`, () => expectInert(sanitizeHtml(html)));
  }

  it('keeps the text around a split script tag only as text', () => {
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
  });

  it('keeps the link text when the href is unsafe', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)" onclick="x()">Go</a>')).toBe('<a>Go</a>');
    expect(sanitizeHtml('<a href="//evil.example/x">Go</a>')).toBe('<a>Go</a>');
    expect(sanitizeHtml('<a href="https://evil.example/x">Go</a>')).toBe('<a>Go</a>');
    expect(sanitizeHtml('<a href="/\\evil.example">Go</a>')).toBe('<a>Go</a>');
  });

  it('never lets attribute values break out of their quotes', () => {
    const out = sanitizeHtml(`<span title='a" onmouseover="alert(1)'>x</span>`);
    expect(out).toBe('<span title="a&quot; onmouseover=&quot;alert(1)">x</span>');
  });

  it('does not turn text entities into markup', () => {
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops the content of dropped elements even when they nest', () => {
    expect(sanitizeHtml('a<svg><svg></svg><text>hidden</text></svg>b')).toBe('ab');
  });
});

describe('safeHref', () => {
  it('accepts same-origin paths and fragments', () => {
    expect(safeHref('/en-us/c/boots-1234?colour=red')).toBe('/en-us/c/boots-1234?colour=red');
    expect(safeHref('#top')).toBe('#top');
  });

  it('rejects schemes, protocol-relative and backslash paths, and empty values', () => {
    for (const url of ['https://x.example', 'http:/x', 'mailto:a@b.c', '//x.example', '/\\x.example', ' \n//x', 'x/y', '', undefined, null]) {
      expect(safeHref(url)).toBeNull();
    }
  });

  it('writes the cleaned form it checked', () => {
    expect(safeHref(' /a\tb\n ')).toBe('/ab');
    expect(safeHref('/\t/evil.example')).toBeNull();
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references, with or without semicolons', () => {
    expect(decodeEntities('&lt;&#106;&#x61;&colon;&amp&unknown;')).toBe('<ja:&&unknown;');
    expect(decodeEntities('&#0;&#xD800;')).toBe('\ufffd\ufffd');
  });
});
