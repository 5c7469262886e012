import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

/** One violation in the BCB's problem+json words (`Violacao`): why, and which property. */
export interface Violacao {
  razao: string;
  propriedade: string;
}

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);

/** Compiles a schema once; the checker answers the violations of a value (none when it conforms). */
export function schemaChecker(schema: object, root: string): (value: unknown) => Violacao[] {
  const validate = ajv.compile(schema);
  return (value) => (validate(value) ? [] : (validate.errors ?? []).map((error) => violacaoOf(error, root)));
}

function violacaoOf(error: ErrorObject, root: string): Violacao {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  const propriedade = [root, ...path].join('.');
  return { razao: `O campo ${propriedade} não respeita o schema (${error.message ?? error.keyword}).`, propriedade };
}
