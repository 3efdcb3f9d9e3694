// The payment feature: paying a ticket (whole or one part of a split), cash, card on the terminal and room
// transfer, the receipt with its fiscal block, and printing at the till server's printers. Other features and
// views use it through this file only.

export { terminalEndOfDay } from './card-end-of-day';
export type { CardPayment, CardTerminalInfo, TerminalReach } from './card-payment';
export {
  cancelCardPayment,
  cardRecordOf,
  cardTerminal,
  checkCardAgain,
  isCardMethod,
  payByCard,
  reachTerminal,
  readStandaloneReceipt,
  STANDALONE_TIP_MAX_CENTS,
} from './card-payment';
export { refundsOnStandalone, returnCardMoney, standaloneRefundOf } from './card-refund';
export {
  copyBlock,
  fiscalCountry,
  fiscalRequired,
  noteLedgerAnswer,
  serverFiscal,
  tabletOutage,
} from './fiscal-receipt';
export { printLanguage, printStatus } from './print-status';
export {
  giveUpJob,
  printCancellationSlip,
  printCopy,
  queueReceiptPrint,
  sendTicketOrder,
  setPrintLanguage,
  watchPrinters,
} from './printing';
export type { ReceiptData, ReceiptDiscount, ReceiptHeader, ReceiptLine, SaleProgress } from './receipt';
export {
  createSaleProgress,
  createSaleStatus,
  keptReceipts,
  lastReceipt,
  loadKeptReceipts,
  setLastReceipt,
  stampFiscal,
} from './receipt';
export { chargeTicketToRoom, completeCashSale } from './sale';
