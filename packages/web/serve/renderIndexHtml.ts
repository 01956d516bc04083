import { contentSecurityPolicy, scriptHash } from '../csp.ts';
import { BOOT_CONFIG_ELEMENT_ID, BOOT_CONFIG_PLACEHOLDER } from '../src/boot/bootState.ts';
import type { Variant, WebConfig } from '../src/config/webConfigSchema.ts';

/** CSP sources ('sha256-…') of the inline scripts of index.html (the boot script). */
export function inlineScriptHashes(template: string): string[] {
  return [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => scriptHash(match[1] ?? ''));
}

/**
 * index.html for one variant of the deployment: the runtime config embedded as a JSON data block (read
 * by the inline boot script, which starts the first view's relayer requests at once, and by the app), a
 * preconnect to that variant's relayer, and the CSP meta tag for this config, inline script hashes
 * included. The built file also works from a plain static host: the placeholder is only a comment, and
 * the app then reads /config.json.
 */
export function renderIndexHtml(template: string, config: WebConfig, variant: Variant): string {
  const scriptHashes = inlineScriptHashes(template);
  // '<' escaped so no string in the config can close the element; JSON.parse reads \u003c back.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const head = [
    `<link rel="preconnect" href="${escapeAttribute(new URL(variant.relayerUrl).origin)}" crossorigin>`,
    `<script type="application/json" id="${BOOT_CONFIG_ELEMENT_ID}">${json}</script>`,
  ].join('\n    ');
  // Before the boot script that reads it; an index.html without the placeholder still gets the config.
  const withConfig = template.includes(BOOT_CONFIG_PLACEHOLDER)
    ? template.replace(BOOT_CONFIG_PLACEHOLDER, () => head)
    : template.replace('</head>', () => `  ${head}\n  </head>`);
  return withConfig.replace(
    /(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/,
    (_match, before: string, after: string) =>
      `${before}${escapeAttribute(contentSecurityPolicy(config, 'meta', { scriptHashes }))}${after}`,
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
