import type { ErrorObject, ValidateFunction } from 'ajv';
import { createTransactionSchema } from '../../../schemas/create-transaction.schema';
import { GatewayError } from '../errors';

/**
 * An assertion from one request schema's validator, compiled ahead of time (`npm run build:validators`,
 * ./compiled/): no function compiles a schema or loads ajv's compiler at cold start. One module per schema, so that a
 * function loads only the validators of the requests it takes (createTransaction the large one, capture and refund the token).
 */
export function schemaAssertion(validate: ValidateFunction): (body: unknown) => void {
  return (body) => {
    if (!validate(body)) throw schemaError(firstError(validate.errors));
  };
}

/** A value matching no branch of a oneOf fails each branch first: the oneOf itself says what the field takes. */
function firstError(errors: ErrorObject[] | null | undefined): ErrorObject | undefined {
  const first = errors?.[0];
  return errors?.find((error) => error.keyword === 'oneOf' && error.instancePath === first?.instancePath) ?? first;
}

/** One clear error naming the field, in the catalogue's terms, never echoing the value (it may be card data). */
function schemaError(error: ErrorObject | undefined): GatewayError {
  if (!error) return new GatewayError('invalid_request');
  const parent = error.instancePath.slice(1).replaceAll('/', '.');
  const field =
    error.keyword === 'required' ? [parent, String(error.params.missingProperty)].filter(Boolean).join('.') : parent || 'corpo';
  if (field === 'transacao.pagamento.meio_pagamento') {
    return new GatewayError('invalid_payment_method', `meio_pagamento inválido: use um de ${PAYMENT_METHOD_LIST}`);
  }
  if (field === 'transacao.url_retorno')
    return new GatewayError('invalid_return_url', 'url_retorno deve ser uma URL http(s) absoluta');
  return new GatewayError('invalid_request', `${field}: ${describe(error)}`);
}

const PAYMENT_METHOD_LIST =
  createTransactionSchema.properties.transacao.properties.pagamento.properties.meio_pagamento.enum.join(', ');

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'campo obrigatório ausente';
    case 'type':
      return `deve ser do tipo ${String(error.params.type)}`;
    case 'enum':
      return `deve ser um de: ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
      return `formato inválido${FORMAT_HINTS[error.instancePath.split('/').pop() ?? ''] ?? ''}`;
    case 'minimum':
    case 'maximum':
      return `fora do intervalo permitido (${error.message})`;
    case 'maxLength':
    case 'minLength':
      return `tamanho inválido (${error.message})`;
    case 'oneOf':
      return ONE_OF_HINTS[error.instancePath.split('/').pop() ?? ''] ?? 'tipo ou valor inválido';
    default:
      return 'valor inválido';
  }
}

const ONE_OF_HINTS: Record<string, string> = {
  numero: `use um texto de 1 a 50 caracteres ou um inteiro de 0 a ${Number.MAX_SAFE_INTEGER} (inteiros maiores perdem dígitos em JSON: envie-os como texto)`,
  parcelas: 'use um inteiro ou texto de 1 a 12',
  capturar: 'use true ou false',
};

const FORMAT_HINTS: Record<string, string> = {
  total: ': use decimal com ponto e duas casas, ex. "10.00"',
  valor: ': use decimal com ponto e duas casas, ex. "12.34"',
  cartao_validade: ': use MMAAAA',
  cartao_numero: ': só dígitos',
  cartao_cvv: ': 3 ou 4 dígitos',
  data_vencimento: ': use DDMMAAAA',
  cep: ': 8 dígitos, hífen opcional',
  estado: ': sigla de 2 letras',
  documento: ': CPF ou CNPJ',
  parcelas: ': de 1 a 12',
};
