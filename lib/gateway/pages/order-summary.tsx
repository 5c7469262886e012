import { brazilianAmount } from '../domain/brazilian-format';
import type { Transaction } from '../domain/transaction';

/** What every hosted page shows of the order: never the merchant's token, nothing of a card. */
export function OrderSummary({ transaction }: { transaction: Transaction }) {
  return (
    <section class="panel" aria-labelledby="order-title">
      <h2 id="order-title">Resumo do pedido</h2>
      <dl class="order">
        <dt>Loja</dt>
        <dd>{transaction.merchantName}</dd>
        <dt>Pedido</dt>
        <dd>{transaction.orderNumber}</dd>
        {transaction.description ? (
          <>
            <dt>Descrição</dt>
            <dd>{transaction.description}</dd>
          </>
        ) : null}
        {transaction.buyer?.nome ? (
          <>
            <dt>Comprador</dt>
            <dd>{transaction.buyer.nome}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd class="total">R$ {brazilianAmount(transaction.totalCents)}</dd>
      </dl>
    </section>
  );
}
