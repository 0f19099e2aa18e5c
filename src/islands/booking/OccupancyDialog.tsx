// The party picker's dialog (imported when the picker first opens): each room with its adults and children counted by
// − and + buttons named for the room ("More adults in room 1"), each child's age chosen in a select named for the child
// and the room, rooms added and removed, and Done. A modal dialog after the WAI-ARIA APG: Tab stays inside, Escape
// closes it without change and gives the focus back to the field; a press outside keeps a complete party. Until every
// child's age is chosen the party is not complete: Done then says which age is missing and goes to it.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MAX_CHILD_AGE, partySummary, type RoomParty } from '../../shared/rules/occupancy-party';
import { addRoom, draftOf, limitsOf, missingAges, moveAdults, moveChildren, partyOfDraft, removeRoom, setChildAge, type DraftRoom } from '../../shared/rules/occupancy-picker';
import { useT } from '../../stores/locale';

export interface OccupancyDialogProps {
  id: string;
  value: RoomParty[];
  /** Done with a complete party. */
  onDone: (rooms: RoomParty[]) => void;
  /** A press outside the dialog (its field's button included) with a complete party: kept, and the focus left where the person went. */
  onAway: (rooms: RoomParty[]) => void;
  /** Escape or the close button: nothing changes. */
  onClose: () => void;
}

const AGES = Array.from({ length: MAX_CHILD_AGE + 1 }, (_, age) => age);

export default function OccupancyDialog({ id, value, onDone, onAway, onClose }: OccupancyDialogProps) {
  const t = useT();
  const [draft, setDraft] = useState<DraftRoom[]>(() => draftOf(value));
  // The missing ages are pointed out once the person has tried to finish, not while they are still adding children.
  const [showMissing, setShowMissing] = useState(false);
  const [focusMissing, setFocusMissing] = useState(0);
  const dialog = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const latest = useRef(draft);
  latest.current = draft;
  // A phone gets a full-screen sheet, placed at the end of the body so no stacking context (the sticky header's) covers it.
  const [sheet] = useState(() => window.matchMedia('(max-width: 575.98px)').matches);

  const missing = missingAges(draft);
  const isMissing = (room: number, child: number) => showMissing && missing.some((m) => m.room === room && m.child === child);
  const ageId = (room: number, child: number) => `${id}-age-${room}-${child}`;

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('[data-first]')?.focus();
  }, []);

  useEffect(() => {
    if (!focusMissing) return;
    const first = missingAges(latest.current)[0];
    if (first) document.getElementById(ageId(first.room, first.child))?.focus();
  }, [focusMissing]);

  useEffect(() => {
    const away = (e: PointerEvent) => {
      if (dialog.current?.contains(e.target as Node)) return;
      const party = partyOfDraft(latest.current);
      if (party) onAway(party);
      else setShowMissing(true);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [onAway]);

  function done() {
    const party = partyOfDraft(draft);
    if (party) return onDone(party);
    setShowMissing(true);
    setFocusMissing((n) => n + 1);
  }

  // Tab stays inside; Escape closes without change and gives the focus back to the field's button.
  function onKey(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && dialog.current) {
      const stops = [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled]), select:not([disabled])')];
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  }

  const content = (
    <div ref={dialog} id={`${id}-dialog`} className="bk-party__dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-dialog-title`} data-testid="occupancy-dialog" onKeyDown={onKey}>
      <div className="bk-party__top">
        <h2 id={`${id}-dialog-title`} className="bk-party__title">
          {t('bk_party_dialog')}
        </h2>
        <button type="button" className="btn btn-ghost btn-sm bk-party__close" aria-label={t('close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="bk-party__rooms">
        {draft.map((room, i) => {
          const n = i + 1;
          const can = limitsOf(draft, i);
          return (
            <fieldset key={i} className="bk-party__room" data-testid={`room-${n}`}>
              <legend className="bk-party__legend">{t('bk_room_n', { n })}</legend>
              {can.removeRoom ? (
                <button
                  type="button"
                  className="btn btn-link bk-party__remove"
                  onClick={() => {
                    setDraft((d) => removeRoom(d, i));
                    addButton.current?.focus();
                  }}
                >
                  {t('bk_remove_room', { n })}
                </button>
              ) : null}
              <Counter
                name={t('bk_adults')}
                hint={t('bk_adults_hint')}
                groupName={t('bk_adults_in_room', { n })}
                value={room.adults}
                fewer={{ label: t('bk_fewer_adults_in_room', { n }), can: can.fewerAdults, act: () => setDraft((d) => moveAdults(d, i, -1)) }}
                more={{ label: t('bk_more_adults_in_room', { n }), can: can.moreAdults, act: () => setDraft((d) => moveAdults(d, i, 1)) }}
                first={i === 0}
              />
              <Counter
                name={t('bk_children')}
                hint={t('bk_children_hint')}
                groupName={t('bk_children_in_room', { n })}
                value={room.children.length}
                fewer={{ label: t('bk_fewer_children_in_room', { n }), can: can.fewerChildren, act: () => setDraft((d) => moveChildren(d, i, -1)) }}
                more={{ label: t('bk_more_children_in_room', { n }), can: can.moreChildren, act: () => setDraft((d) => moveChildren(d, i, 1)) }}
              />
              {room.children.length ? (
                <div className="bk-party__ages">
                  {room.children.map((age, j) => {
                    const wrong = isMissing(i, j);
                    return (
                      <div className="field bk-party__age" key={j}>
                        <label htmlFor={ageId(i, j)}>{t('bk_child_age', { child: j + 1 })}</label>
                        <select
                          id={ageId(i, j)}
                          className="select"
                          aria-label={t('bk_child_age_in_room', { child: j + 1, room: n })}
                          aria-invalid={wrong || undefined}
                          aria-describedby={wrong ? `${ageId(i, j)}-error` : undefined}
                          value={age === null ? '' : String(age)}
                          onChange={(e) => setDraft((d) => setChildAge(d, i, j, e.target.value === '' ? null : Number(e.target.value)))}
                        >
                          <option value="">{t('bk_child_age_needed')}</option>
                          {AGES.map((a) => (
                            <option key={a} value={a}>
                              {t('bk_child_years_n', { n: a })}
                            </option>
                          ))}
                        </select>
                        {wrong ? (
                          <span id={`${ageId(i, j)}-error`} className="field-error">
                            {t('bk_child_age_missing')}
                          </span>
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              ) : null}
            </fieldset>
          );
        })}
      </div>
      <button
        ref={addButton}
        type="button"
        className="btn btn-secondary btn-sm bk-party__add"
        aria-disabled={!limitsOf(draft, 0).addRoom || undefined}
        onClick={() => setDraft((d) => addRoom(d))}
        data-testid="add-room"
      >
        {t('bk_add_room')}
      </button>
      <div className="bk-party__foot">
        <p className="bk-party__status" aria-live="polite" data-testid="occupancy-status">
          {partySummary(t, draft)}
        </p>
        <button type="button" className="btn btn-primary bk-party__done" onClick={done} data-testid="occupancy-done">
          {t('bk_party_done')}
        </button>
      </div>
    </div>
  );
  return sheet ? createPortal(content, document.body) : content;
}

interface Step {
  label: string;
  /** False at the limit: the button says so (aria-disabled) and keeps the focus, which a disabled button would lose. */
  can: boolean;
  act: () => void;
}

/** A count moved by − and + (one group per count and room, named for both). */
function Counter({ name, hint, groupName, value, fewer, more, first = false }: { name: string; hint: string; groupName: string; value: number; fewer: Step; more: Step; first?: boolean }) {
  const step = (s: Step, sign: string, extra: Record<string, unknown> = {}) => (
    <button type="button" className="btn btn-sm bk-counter__step" aria-label={s.label} aria-disabled={!s.can || undefined} onClick={() => s.can && s.act()} {...extra}>
      <span aria-hidden="true">{sign}</span>
    </button>
  );
  return (
    <div className="bk-counter" role="group" aria-label={groupName}>
      <div className="bk-counter__text">
        <span className="bk-counter__name">{name}</span>
        <span className="field-hint">{hint}</span>
      </div>
      <div className="bk-counter__controls">
        {step(fewer, '−', first ? { 'data-first': '' } : {})}
        <span className="bk-counter__value">{value}</span>
        {step(more, '+')}
      </div>
    </div>
  );
}
