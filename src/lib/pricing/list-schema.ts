import { refineList } from './list-rules.ts';
import { priceListShapeSchema } from './lists.ts';

/**
 * Any price list, with the rules across its fields (./list-rules.ts) checked once its shape is
 * right (./lists.ts): what the admin saves and the editor checks before sending. A module of its
 * own so the rules can read the shapes' types without an import circle.
 */
export const priceListDataSchema = priceListShapeSchema.superRefine(refineList);
