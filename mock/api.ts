/**
 * umi mock endpoints (`npm run dev`): the server's own call handlers on an in-memory PGlite seeded
 * with the demo accounts, so the mock speaks exactly the server's contract (tests/contract checks
 * both). QA scenarios — a failing call, an empty answer — are switched on at run time:
 *
 *   curl -XPOST localhost:8000/api/mock/scenario -H 'content-type: application/json' \
 *        -d '{"scenario":"fail","path":"account/getMenus"}'      # or "empty"; "path" omitted = every call
 *   curl -XPOST localhost:8000/api/mock/scenario -d '{}'          # back to normal
 *
 * The second factor's screens: sign in as `qa_enrol` (asked to set one up) or `qa_totp` (asked for a
 * code of the secret in ./support/factorAccounts.ts), both with the demo password.
 */
import { createMockApi } from './support/mockApi';

const api = createMockApi();

export default {
  'POST /api/mock/scenario': api.setScenario,
  'GET /api/mock/scenario': api.getScenario,
  'GET /api/health': api.forward,
  'GET /api/ready': api.forward,
  'POST /api/admin/*': api.forward,
  // The live notifications (Server-Sent Events), streamed as they come.
  'GET /api/admin/notification/stream': api.stream,
  // Uploaded media files (GET /api/media/<key>), as the server serves them.
  'GET /api/media/*': api.forward,
};
