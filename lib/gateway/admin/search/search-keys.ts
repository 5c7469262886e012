/** The admin search's keys and text normalisation: defined with the rest of the table's layout (table/gateway-table.ts). */
export { creationSortKey, merchantTransactionsPartition, orderPartition } from '../../table/gateway-table';
export { digitsOf, normaliseText, searchAttributes as adminSearchAttributes } from '../../transactions/transaction-item';
