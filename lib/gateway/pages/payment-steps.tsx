import { brazilianAmount } from '../domain/brazilian-format';
import { CARD_BRANDS } from '../domain/card';
import type { Transaction } from '../domain/transaction';
import { FormField } from './form-field';
import { OrderSummary } from './order-summary';
import { PageLayout } from './page-layout';
import type { PageTheme } from './page-theme';

/** The card fields the buyer types; errors name them, and only expiry and brand are ever sent back. */
export type CardField = 'cartao_numero' | 'cartao_cvv' | 'cartao_validade' | 'bandeira';
export type FieldErrors = Partial<Record<CardField | 'codigo' | 'forma' | 'form', string>>;

interface StepProps {
  theme: PageTheme;
  transaction: Transaction;
  csrf: string;
  errors?: FieldErrors;
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

export function CardStep(
  props: StepProps & {
    heading: string;
    /** acquirerA's buy page asks for the brand, as the real one does; the others detect it from the number. */
    askBrand: boolean;
    values: { cartao_validade?: string; bandeira?: string };
    carried?: Record<string, string>;
    intro?: string;
  },
) {
  const errors = props.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <PageLayout theme={props.theme} title={props.heading}>
      <OrderSummary transaction={props.transaction} />
      <section class="panel" aria-labelledby="card-title">
        <h1 id="card-title">{props.heading}</h1>
        {props.intro ? <p>{props.intro}</p> : null}
        <FormAlert message={errors.form ?? (hasErrors ? 'Confira os campos indicados.' : undefined)} />
        <form method="post" novalidate>
          <HiddenFields step="pagamento" csrf={props.csrf} carried={props.carried} />
          {props.askBrand ? (
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
                  <option value={brand} selected={props.values.bandeira === brand} key={brand}>
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
              value={input.name === 'cartao_validade' ? props.values.cartao_validade : undefined}
              error={errors[input.name]}
              key={input.name}
            />
          ))}
          <button type="submit">Pagar R$ {brazilianAmount(props.transaction.totalCents)}</button>
        </form>
      </section>
    </PageLayout>
  );
}

/** The simulated 3-D Secure challenge of acquirerA's store page with authentication. */
export function AuthenticationStep(props: StepProps & { sandboxCode: string }) {
  const errors = props.errors ?? {};
  return (
    <PageLayout theme={props.theme} title="Autenticação">
      <OrderSummary transaction={props.transaction} />
      <section class="panel" aria-labelledby="auth-title">
        <h1 id="auth-title">Confirme que é você</h1>
        <p>
          O emissor do cartão pede uma confirmação antes do pagamento de R$ {brazilianAmount(props.transaction.totalCents)} em{' '}
          {props.transaction.merchantName}. Digite o código enviado ao seu celular.
        </p>
        <p class="notice">
          Ambiente de testes: o código é <span class="code">{props.sandboxCode}</span>
        </p>
        <FormAlert message={errors.form} />
        <form method="post" novalidate>
          <HiddenFields step="autenticacao" csrf={props.csrf} />
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
export function ChoiceStep(props: StepProps & { debitAllowed: boolean }) {
  const errors = props.errors ?? {};
  const installments = props.transaction.installments;
  return (
    <PageLayout theme={props.theme} title="Forma de pagamento">
      <OrderSummary transaction={props.transaction} />
      <section class="panel" aria-labelledby="choice-title">
        <h1 id="choice-title">Como você quer pagar?</h1>
        <FormAlert message={errors.form} />
        <form method="post" novalidate>
          <HiddenFields step="escolha" csrf={props.csrf} />
          <fieldset aria-describedby={errors.forma ? 'forma-erro' : undefined}>
            <legend>Forma de pagamento</legend>
            <label class="choice">
              <input type="radio" name="forma" value="credito" checked />
              {installments > 1 ? `Cartão de crédito em ${installments} parcelas` : 'Cartão de crédito à vista'}
            </label>
            {props.debitAllowed ? (
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
export function OutcomeStep(props: { theme: PageTheme; transaction: Transaction; returnUrl: string; note?: string }) {
  const outcome = OUTCOMES[props.transaction.status];
  return (
    <PageLayout theme={props.theme} title={outcome.title}>
      <OrderSummary transaction={props.transaction} />
      <section class="panel" aria-labelledby="outcome-title">
        <h1 id="outcome-title" class={`outcome-${props.transaction.status}`}>
          {outcome.title}
        </h1>
        {props.note ? <p class="notice">{props.note}</p> : null}
        <p>{outcome.text}</p>
        <a class="button" href={props.returnUrl}>
          Voltar para {props.transaction.merchantName}
        </a>
      </section>
    </PageLayout>
  );
}
