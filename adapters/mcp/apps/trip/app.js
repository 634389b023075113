/* global document */
// Trip summary (trip_expense_summary): who paid what, who owes whom, and the budget
// (read through the host with edit_trip get_budget, which the summary does not carry).
import { callTool, el, money, startApp } from '../shared/bridge.js';

startApp('deal-engine-trip', (data, app) => {
  render(data);
  void loadBudget(data, app);
});

function render(s) {
  const cur = s.currency;
  document.getElementById('app').replaceChildren(
    el('h1', {}, 'Trip summary'),
    el('p', {}, el('strong', {}, `Spent ${money(s.total, cur)}`), ` over ${s.expense_count} expense${s.expense_count === 1 ? '' : 's'}`),
    el('section', { 'aria-labelledby': 'owes-h' },
      el('h2', { id: 'owes-h' }, 'Who owes whom'),
      s.settle_up.length === 0
        ? el('p', { class: 'ok', id: 'settled' }, 'Everyone is settled up.')
        : el('ul', { class: 'transfers', id: 'transfers' }, s.settle_up.map((t) => el('li', {}, el('strong', {}, t.from), ` pays ${t.to} `, el('strong', {}, money(t.amount, cur)))))),
    el('section', { 'aria-labelledby': 'members-h' },
      el('h2', { id: 'members-h' }, 'Balances'),
      el('table', {},
        el('caption', { class: 'visually-hidden' }, 'What each member paid, owes and is owed'),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Member'), el('th', { scope: 'col', class: 'num' }, 'Paid'), el('th', { scope: 'col', class: 'num' }, 'Share'), el('th', { scope: 'col', class: 'num' }, 'Balance'))),
        el('tbody', {}, s.members.filter((m) => !m.removed || m.balance !== 0).map((m) => el('tr', {},
          el('th', { scope: 'row' }, m.display_name),
          el('td', { class: 'num' }, money(m.paid, cur)),
          el('td', { class: 'num' }, money(m.owed, cur)),
          el('td', { class: 'num' }, m.balance > 0 ? `is owed ${money(m.balance, cur)}` : m.balance < 0 ? `owes ${money(-m.balance, cur)}` : 'settled')))))),
    el('section', { 'aria-labelledby': 'budget-h', id: 'budget' }, el('h2', { id: 'budget-h' }, 'Budget'), el('p', { role: 'status' }, 'Loading the budget…')),
  );
}

async function loadBudget(s, app) {
  const answer = await callTool(app, 'edit_trip', { tripId: s.trip_id, action: 'get_budget' });
  const box = document.getElementById('budget');
  if (!box) return;
  const heading = el('h2', { id: 'budget-h' }, 'Budget');
  if (!answer.ok || !answer.data?.budget) {
    box.replaceChildren(heading, el('p', { class: 'error', role: 'alert' }, answer.text || 'The budget could not be read.'));
    return;
  }
  const b = answer.data.budget;
  if (!b.budget_set) {
    box.replaceChildren(heading, el('p', { id: 'budget-line' }, `No budget set; ${money(b.total.spent, b.currency)} spent so far.`));
    return;
  }
  const over = b.total.remaining !== null && b.total.remaining < 0;
  box.replaceChildren(heading,
    el('p', { id: 'budget-line', class: over ? 'error' : '' }, `${money(b.total.spent, b.currency)} of ${money(b.total.budget, b.currency)} spent · ${over ? `${money(-b.total.remaining, b.currency)} over` : `${money(b.total.remaining, b.currency)} left`}`),
    el('meter', { min: 0, max: b.total.budget, value: Math.min(b.total.spent, b.total.budget), 'aria-label': 'Share of the budget spent' }),
    b.categories.length === 0 ? null : el('table', {},
      el('caption', {}, 'By category'),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Category'), el('th', { scope: 'col', class: 'num' }, 'Spent'), el('th', { scope: 'col', class: 'num' }, 'Budget'))),
      el('tbody', {}, b.categories.map((c) => el('tr', {}, el('th', { scope: 'row' }, c.category), el('td', { class: 'num' }, money(c.spent, b.currency)), el('td', { class: 'num' }, c.budget === null ? '—' : money(c.budget, b.currency)))))));
}
