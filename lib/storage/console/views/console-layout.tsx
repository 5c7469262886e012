import type { ComponentChildren } from 'preact';
import type { Stage } from '../../../config';
import { PostButton } from '../../../http/web';
import { CONSOLE_CSS } from './console-styles';

export interface ConsoleFrame {
  stage: Stage;
  /** `<stage prefix>/v1/console`: every link starts here. */
  base: string;
  /** Absent on the sign-in and error pages. */
  user?: { displayName: string; accessKey: string; csrf: string };
  /** Set on pages that run the upload script (the CSP lets only this nonce's script run). */
  scriptNonce?: string;
}

/** The frame of every console page: the stage banner, the user and sign-out, then the page. */
export function ConsoleLayout(props: ConsoleFrame & { title: string; children: ComponentChildren }) {
  const { stage, base, user } = props;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${props.title} · ${stage === 'sandbox' ? 'SANDBOX · ' : ''}Storage console`}</title>
        <style>{CONSOLE_CSS}</style>
      </head>
      <body>
        {stage === 'sandbox' ? (
          <div class="stage" role="note" aria-label="Environment">
            SANDBOX
          </div>
        ) : (
          <div class="stage production" role="note" aria-label="Environment">
            Production
          </div>
        )}
        <header>
          <a class="brand" href={user ? base : `${base}/sign-in`}>
            Storage console
          </a>
          {user && (
            <>
              <span class="muted">
                {user.displayName} · {user.accessKey}
              </span>
              <PostButton action={`${base}/sign-out`} csrf={user.csrf} label="Sign out" kind="secondary" />
            </>
          )}
        </header>
        <main id="main">{props.children}</main>
        {props.scriptNonce && <script nonce={props.scriptNonce} src={`${base}/console.js`} />}
      </body>
    </html>
  );
}

export function Notice(props: { text?: string; bad?: boolean }) {
  if (!props.text) return null;
  return (
    <p class={props.bad ? 'notice bad' : 'notice'} role={props.bad ? 'alert' : 'status'}>
      {props.text}
    </p>
  );
}
