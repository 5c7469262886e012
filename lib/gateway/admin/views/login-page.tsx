import { Layout, type PageFrame } from './layout';

export interface LoginPageProps extends PageFrame {
  csrf: string;
  email?: string;
  /** Shown as an alert: the same text whether the e-mail or the password was wrong. */
  error?: string;
  next?: string;
}

export function LoginPage(props: LoginPageProps) {
  return (
    <Layout {...props} title="Log in">
      <div class="login card">
        <h1>Log in</h1>
        {props.error && (
          <p class="notice bad" role="alert">
            {props.error}
          </p>
        )}
        <form method="post" action={`${props.base}/login`}>
          <input type="hidden" name="_csrf" value={props.csrf} />
          {props.next && <input type="hidden" name="next" value={props.next} />}
          <label for="email">E-mail</label>
          <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ''} />
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="current-password" required />
          <button type="submit">Log in</button>
        </form>
      </div>
    </Layout>
  );
}
