/** The admin search's keys and text normalisation: defined with the rest of the table's layout (transactions/gateway-table.ts). */
export {
  creationSortKey,
  digitsOf,
  merchantTransactionsPartition,
  normaliseText,
  orderPartition,
  searchAttributes as adminSearchAttributes,
} from '../../transactions/gateway-table';
