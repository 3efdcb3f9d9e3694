// The pairing feature: pairing this tablet with the till server, checking that it still is, and checking a
// gateway address as the IT person types it. Other features and views use it through this file only.
export { checkGateway } from './gateway-check';
export {
  checkDeviceAtStart,
  followOutboxRefusals,
  PairingCodeFormatError,
  pairTablet,
  TillServerError,
} from './pairing';
