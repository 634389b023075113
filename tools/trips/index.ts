import type { AnyTool } from '../_kit/define-tool.js';
import { addActivityTool } from './add-activity.js';
import { addExpenseTool } from './add-expense.js';
import { addTripExpenseMcpTool } from './add-expense-mcp.js';
import { addTravelerTool } from './add-traveler.js';
import { getBudgetTool, setBudgetTool } from './budget.js';
import { deleteActivityTool, updateActivityTool } from './correct-activity.js';
import { deleteExpenseTool, updateExpenseTool } from './correct-expense.js';
import { removeMemberTool, updateMemberTool } from './correct-member.js';
import { createTripTool } from './create-trip.js';
import { editTripMcpTool } from './edit-trip-mcp.js';
import { expenseSummaryTool } from './expense-summary.js';
import { getTripTool } from './get-trip.js';
import { listTripsTool } from './list-trips.js';
import { createShareLinkTool, revokeShareLinkTool } from './share-links.js';
import { deletePaymentTool, recordPaymentTool } from './settle-payments.js';
import { sharedTripTool } from './shared-trip.js';
import { updateStatusTool } from './update-status.js';
import { listVotesTool, postVoteTool } from './votes.js';

export const TRIPS_TOOLS: readonly AnyTool[] = [
  createTripTool,
  listTripsTool,
  getTripTool,
  addTravelerTool,
  updateMemberTool,
  removeMemberTool,
  addActivityTool,
  updateActivityTool,
  deleteActivityTool,
  addExpenseTool,
  updateExpenseTool,
  deleteExpenseTool,
  expenseSummaryTool,
  recordPaymentTool,
  deletePaymentTool,
  updateStatusTool,
  setBudgetTool,
  getBudgetTool,
  createShareLinkTool,
  revokeShareLinkTool,
  sharedTripTool,
  listVotesTool,
  postVoteTool,
  addTripExpenseMcpTool,
  editTripMcpTool,
];
