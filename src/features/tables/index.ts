// The tables feature's surface (issue 31): a tablet's copy of its outlet's tables, kept with the
// server's log and its own recorded operations, what changed while it was away, and the floor its
// views show.

export {
  choiceProblem,
  groupsOfProduct,
  type ModifierGroup,
  modifiersOf,
} from '../../shared/modifier-groups.ts';
export { createFloorState, type FloorState, refreshFloorPlan, type ShownTable } from './floor-state.ts';
export { modifierGroups, refreshModifierGroups } from './modifiers.ts';
export { chosenSeatSplit, type SeatPart, seatParts } from './seat-parts.ts';
export { billTable, tableSalePaid } from './table-bill.ts';
export { type ChangedMeanwhile, changedMeanwhile, createTableSync, type TableSync } from './table-sync.ts';
