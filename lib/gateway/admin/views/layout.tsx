import type { ComponentChildren } from 'preact';
import type { Stage } from '../../../config';
import { PostButton } from '../../../http/web';
import { ADMIN_CSS } from './admin-styles';

export interface PageFrame {
  stage: Stage;
  /** `<stage prefix>/v1/admin`: every link starts here, so the UI works on API Gateway's default domain too. */
  base: string;
  /** Absent on the login and error pages. */
  user?: { email: string; merchantName: string; csrf: string };
  current?: 'overview' | 'transactions' | 'activity' | 'settings' | 'deliveries' | 'boletos';
}

/** The frame of every admin page: the stage banner first, then navigation, then the page. */
export function Layout(props: PageFrame & { title: string; children: ComponentChildren }) {
  const { stage, base, user, current } = props;
  const link = (name: PageFrame['current'], href: string, label: string) => (
    <a href={href} aria-current={current === name ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${stage === 'sandbox' ? 'SANDBOX · ' : ''}Gateway admin`}</title>
        <style>{ADMIN_CSS}</style>
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        {stage === 'sandbox' ? (
          <div class="stage" role="note" aria-label="Environment">
            SANDBOX · test data only, no real money moves
          </div>
        ) : (
          <div class="stage production" role="note" aria-label="Environment">
            Production
          </div>
        )}
        <header>
          <span class="brand">{user ? user.merchantName : 'Gateway admin'}</span>
          {user && (
            <>
              <nav aria-label="Main">
                {link('overview', base, 'Overview')}
                {link('transactions', `${base}/transactions`, 'Transactions')}
                {link('activity', `${base}/activity`, 'Activity')}
                {link('deliveries', `${base}/deliveries`, 'Webhook deliveries')}
                {link('boletos', `${base}/boletos`, 'Boleto files')}
                {link('settings', `${base}/settings`, 'Settings')}
              </nav>
              <span class="muted">{user.email}</span>
              <PostButton action={`${base}/logout`} csrf={user.csrf} label="Log out" kind="secondary" />
            </>
          )}
        </header>
        <main id="main">{props.children}</main>
      </body>
    </html>
  );
}

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span class={`badge ${status}`} title={status}>
      {label}
    </span>
  );
}
