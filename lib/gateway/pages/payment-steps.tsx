import { brazilianAmount } from '../domain/brazilian-format';
import { CARD_BRANDS } from '../domain/card';
import type { Transaction } from '../domain/transaction';
import type { CardField } from './card-form-errors';
import { FormField } from './form-field';
import type { HostedPageStep } from './hosted-page-steps';
import { OrderSummary } from './order-summary';
import { PageLayout } from './page-layout';
import { type PageTheme, THEMES } from './page-theme';

/** A view renders exactly the step the controller (hosted-page-steps.ts) decided, of its own kind. */
interface StepProps<K extends HostedPageStep['kind']> {
  theme: PageTheme;
  transaction: Transaction;
  step: Extract<HostedPageStep, { kind: K }>;
}

/** The page of any step: the method's look, the issuer's for the authentication challenge. */
export function HostedPageView(props: { theme: PageTheme; transaction: Transaction; step: HostedPageStep }) {
  const { theme, transaction, step } = props;
  switch (step.kind) {
    case 'authentication':
      return <AuthenticationStep theme={THEMES.authentication} transaction={transaction} step={step} />;
    case 'choice':
      return <ChoiceStep theme={theme} transaction={transaction} step={step} />;
    case 'card':
      return <CardStep theme={theme} transaction={transaction} step={step} />;
    case 'outcome':
      return <OutcomeStep theme={theme} transaction={transaction} step={step} />;
  }
}

/** Hidden fields every form carries: the step, the CSRF token, and what earlier steps established. */
function HiddenFields({ step, csrf, carried }: { step: string; csrf: string; carried?: Record<string, string> }) {
  return (
    <>
      <input type="hidden" name="etapa" value={step} />
      <input type="hidden" name="csrf" value={csrf} />
      {Object.entries(carried ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} key={name} />
      ))}
    </>
  );
}

function FormAlert({ message }: { message?: string }) {
  return message ? (
    <p class="alert" role="alert">
      {message}
    </p>
  ) : null;
}

type CardInput = Pick<Parameters<typeof FormField>[0], 'label' | 'hint' | 'placeholder' | 'autocomplete' | 'maxLength'> & {
  name: CardField;
};

const CARD_INPUTS: CardInput[] = [
  { name: 'cartao_numero', label: 'Número do cartão', autocomplete: 'cc-number', maxLength: 23 },
  {
    name: 'cartao_validade',
    label: 'Validade',
    hint: 'Mês e ano, como MM/AAAA',
    placeholder: 'MM/AAAA',
    autocomplete: 'cc-exp',
    maxLength: 7,
  },
  {
    name: 'cartao_cvv',
    label: 'Código de segurança (CVV)',
    hint: 'Os 3 dígitos no verso do cartão',
    autocomplete: 'cc-csc',
    maxLength: 4,
  },
];

function CardStep({ theme, transaction, step }: StepProps<'card'>) {
  const errors = step.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <PageLayout theme={theme} title={step.heading}>
      <OrderSummary transaction={transaction} />
      <section class="panel" aria-labelledby="card-title">
        <h1 id="card-title">{step.heading}</h1>
        {step.intro ? <p>{step.intro}</p> : null}
        <FormAlert message={errors.form ?? (hasErrors ? 'Confira os campos indicados.' : undefined)} />
        <form method="post" novalidate>
          <HiddenFields step="pagamento" csrf={step.csrf} carried={step.carried} />
          {step.askBrand ? (
            <div class="field">
              <label for="bandeira">Bandeira</label>
              <select
                id="bandeira"
                name="bandeira"
                aria-invalid={errors.bandeira ? 'true' : undefined}
                aria-describedby={errors.bandeira ? 'bandeira-erro' : undefined}
              >
                <option value="">Identificar pelo número</option>
                {CARD_BRANDS.map((brand) => (
                  <option value={brand} selected={step.values.bandeira === brand} key={brand}>
                    {brand[0]?.toUpperCase() + brand.slice(1)}
                  </option>
                ))}
              </select>
              {errors.bandeira ? (
                <p class="field-error" id="bandeira-erro">
                  {errors.bandeira}
                </p>
              ) : null}
            </div>
          ) : null}
          {CARD_INPUTS.map((input) => (
            <FormField
              {...input}
              inputMode="numeric"
              // Only the expiry is ever typed back in: number and CVV are never sent to the browser.
              value={input.name === 'cartao_validade' ? step.values.cartao_validade : undefined}
              error={errors[input.name]}
              key={input.name}
            />
          ))}
          <button type="submit">Pagar R$ {brazilianAmount(transaction.totalCents)}</button>
        </form>
      </section>
    </PageLayout>
  );
}

/** The simulated 3-D Secure challenge of acquirerA's store page with authentication. */
function AuthenticationStep({ theme, transaction, step }: StepProps<'authentication'>) {
  const errors = step.errors ?? {};
  return (
    <PageLayout theme={theme} title="Autenticação">
      <OrderSummary transaction={transaction} />
      <section class="panel" aria-labelledby="auth-title">
        <h1 id="auth-title">Confirme que é você</h1>
        <p>
          O emissor do cartão pede uma confirmação antes do pagamento de R$ {brazilianAmount(transaction.totalCents)} em{' '}
          {transaction.merchantName}. Digite o código enviado ao seu celular.
        </p>
        <p class="notice">
          Ambiente de testes: o código é <span class="code">{step.sandboxCode}</span>
        </p>
        <FormAlert message={errors.form} />
        <form method="post" novalidate>
          <HiddenFields step="autenticacao" csrf={step.csrf} />
          <FormField
            name="codigo"
            label="Código de verificação"
            autocomplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            error={errors.codigo}
          />
          <button type="submit">Confirmar</button>
        </form>
      </section>
    </PageLayout>
  );
}

/** bankA's page: the buyer chooses how to pay, then confirms with the card. */
function ChoiceStep({ theme, transaction, step }: StepProps<'choice'>) {
  const errors = step.errors ?? {};
  const installments = transaction.installments;
  return (
    <PageLayout theme={theme} title="Forma de pagamento">
      <OrderSummary transaction={transaction} />
      <section class="panel" aria-labelledby="choice-title">
        <h1 id="choice-title">Como você quer pagar?</h1>
        <FormAlert message={errors.form} />
        <form method="post" novalidate>
          <HiddenFields step="escolha" csrf={step.csrf} />
          <fieldset aria-describedby={errors.forma ? 'forma-erro' : undefined}>
            <legend>Forma de pagamento</legend>
            <label class="choice">
              <input type="radio" name="forma" value="credito" checked />
              {installments > 1 ? `Cartão de crédito em ${installments} parcelas` : 'Cartão de crédito à vista'}
            </label>
            {step.debitAllowed ? (
              <label class="choice">
                <input type="radio" name="forma" value="debito" />
                Cartão de débito
              </label>
            ) : null}
            {errors.forma ? (
              <p class="field-error" id="forma-erro">
                {errors.forma}
              </p>
            ) : null}
          </fieldset>
          <button type="submit">Continuar</button>
        </form>
      </section>
    </PageLayout>
  );
}

const OUTCOMES = {
  paga: { title: 'Pagamento aprovado', text: 'O pagamento foi aprovado.' },
  negada: { title: 'Pagamento recusado', text: 'O pagamento não foi autorizado. Fale com a loja para tentar de outra forma.' },
  cancelada: { title: 'Pagamento estornado', text: 'Este pagamento foi aprovado e depois estornado pela loja.' },
  aguardando_pagamento: { title: 'Pagamento autorizado', text: 'O pagamento foi autorizado; a loja vai confirmá-lo.' },
};

/** A transaction that no longer awaits the buyer: its outcome and the way back to the store. */
function OutcomeStep({ theme, transaction, step }: StepProps<'outcome'>) {
  const outcome = OUTCOMES[transaction.status];
  return (
    <PageLayout theme={theme} title={outcome.title}>
      <OrderSummary transaction={transaction} />
      <section class="panel" aria-labelledby="outcome-title">
        <h1 id="outcome-title" class={`outcome-${transaction.status}`}>
          {outcome.title}
        </h1>
        {step.note ? <p class="notice">{step.note}</p> : null}
        <p>{outcome.text}</p>
        <a class="button" href={step.returnUrl}>
          Voltar para {transaction.merchantName}
        </a>
      </section>
    </PageLayout>
  );
}
