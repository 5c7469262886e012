import { type ConsoleFrame, ConsoleLayout, Notice } from './console-layout';

export interface SignInPageProps extends ConsoleFrame {
  csrf: string;
  accessKey?: string;
  /** The same text whichever of the two was wrong. */
  error?: string;
  next?: string;
}

/** Access key id and secret key, as an S3 client is configured; the secret goes nowhere but the comparison. */
export function SignInPage(props: SignInPageProps) {
  return (
    <ConsoleLayout {...props} title="Sign in">
      <div class="login panel">
        <h1>Sign in to storage</h1>
        <Notice text={props.error} bad />
        <form method="post" action={`${props.base}/sign-in`}>
          <input type="hidden" name="_csrf" value={props.csrf} />
          {props.next && <input type="hidden" name="next" value={props.next} />}
          <label for="accessKey">Access key</label>
          <input
            id="accessKey"
            name="accessKey"
            type="text"
            autocomplete="username"
            spellcheck={false}
            required
            value={props.accessKey ?? ''}
          />
          <label for="secretKey">Secret key</label>
          <input id="secretKey" name="secretKey" type="password" autocomplete="current-password" required />
          <p>
            <button type="submit">Sign in</button>
          </p>
        </form>
      </div>
    </ConsoleLayout>
  );
}
