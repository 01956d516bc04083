import type { Address } from '@relayer/protocol';
import { useEffect, useRef } from 'react';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { useNotify } from '../notifications/useNotify';
import { useTokens } from '../tokens/useTokens';
import { awayMarkKey } from './awayMark';
import { awayNewsText } from './awayNewsText';
import { fillAlertsState } from './fillAlertsSetting';
import { fillAlertText } from './fillAlertText';
import { startAwayTracker } from './startAwayTracker';

/**
 * Away and back for the connected maker: on return, one notice of the fills and cancels of their orders
 * since they last had the app on screen (linking to My trades / My orders); while the tab is hidden, a
 * browser notification of each fill if they turned fill alerts on. Renders nothing itself.
 */
export default function AwayWatcher({ account }: { account: Address }) {
  const api = useRelayerApi();
  const { key, relayerUrl } = useVariant();
  const notify = useNotify();
  const { byAddress } = useTokens();
  const latest = useRef({ notify, byAddress });
  latest.current = { notify, byAddress };

  useEffect(
    () =>
      startAwayTracker({
        api,
        relayerUrl,
        maker: account,
        storageKey: awayMarkKey(key, account),
        onNews(news) {
          const { text, links } = awayNewsText(news);
          latest.current.notify({ type: 'info', text, links, noKill: true });
        },
        onHiddenFill(trade) {
          if (fillAlertsState() !== 'on') return;
          const { title, body } = fillAlertText(trade, latest.current.byAddress);
          try {
            // One per fill: the tag folds a repeat of the same log into the notification already shown.
            new window.Notification(title, { body, tag: `${trade.blockHash}:${trade.logIndex}` });
          } catch {
            // Some browsers allow notifications from a service worker only: the summary on return still tells.
          }
        },
      }),
    [api, relayerUrl, key, account],
  );
  return null;
}
