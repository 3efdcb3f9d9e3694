// The device feature: this tablet as the till server knows it (paired or not, its name and outlet, the receipt
// header the server keeps for that outlet), its settings, and its line to the PMS through the gateway (the PMS
// client, the browser's connectivity, the newest evidence of reaching the PMS). Other features and views use it
// through this file only.
export {
  askDevice,
  deviceAskedAtStart,
  deviceState,
  needsPairing,
  noteDeviceChecked,
  noteDevicePaired,
  noteDeviceRefused,
  whenDeviceChecked,
  whenPaired,
} from './device';
export { createOnlineStatus } from './online';
export { pms, pmsWithHeaders, requestReplay, startSync, syncNow } from './pms';
export type { DownServer, Evidence } from './pms-evidence';
export { lastRead, notePmsFailure, notePmsRead, whenReachedAgain } from './pms-evidence';
export { headerFromServer, receiptHeader, refreshReceiptHeader } from './receipt-header';
export type { Settings } from './settings';
export {
  HOTEL_ADDRESS_MAX,
  HOTEL_NAME_MAX,
  passGatewayToOutbox,
  SettingsError,
  settings,
  updateSettings,
} from './settings';
export { namedByServer, tillIdentity } from './till-identity';
