// Who is travelling (the search box, a product page): a field that sums the party up ("2 adults · 1 child · 1 room")
// and opens a dialog where a person chooses the rooms, the adults in each and every child's age, as Booking.com and
// Expedia ask it. The party is kept as src/shared/rules/occupancy-party.ts writes it; the dialog's code is fetched when
// first wanted (docs/decisions/0039-page-weight-by-interaction.md), as the date picker's calendar is.
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { partySummary, type RoomParty } from '../../shared/rules/occupancy-party';
import { useT } from '../../stores/locale';

export interface OccupancyPickerProps {
  value: RoomParty[];
  onChange: (rooms: RoomParty[]) => void;
  testId?: string;
}

let dialogModule: Promise<typeof import('./OccupancyDialog')> | undefined;
const loadDialog = () => (dialogModule ??= import('./OccupancyDialog'));
const Dialog = lazy(loadDialog);

export default function OccupancyPicker({ value, onChange, testId = 'occupancy' }: OccupancyPickerProps) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // A press on the field's button while the dialog is open is a press outside it (the dialog keeps a complete party
  // and closes, or shows what is missing): the click that follows must not open it again.
  const pressedWhileOpen = useRef(false);

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <div className="field bk-party" role="group" aria-labelledby={`${id}-label`} data-testid={testId}>
      <span className="field-label" id={`${id}-label`}>
        {t('bk_guests')}
      </span>
      <button
        ref={toggle}
        type="button"
        className="input bk-party__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        data-testid="occupancy-button"
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onPointerDown={() => (pressedWhileOpen.current = open)}
        onClick={() => {
          if (pressedWhileOpen.current) pressedWhileOpen.current = false;
          else setOpen((v) => !v);
        }}
      >
        {/* The stand-ins draw the same icon: src/components/SearchBoxStandIn.astro, src/shared/render/first-screen-view.ts. */}
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" className="bk-party__icon">
          <circle cx="9" cy="8" r="3.2" />
          <path d="M3.5 20c.6-3.3 2.8-5.2 5.5-5.2s4.9 1.9 5.5 5.2" />
          <circle cx="17" cy="9.5" r="2.4" />
          <path d="M15.8 14.6c2.4-.3 4.3 1.2 4.8 4.4" />
        </svg>
        <span id={`${id}-value`} className="bk-party__value" data-testid="occupancy-summary">
          {partySummary(t, value)}
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <Dialog
            id={id}
            value={value}
            onDone={(rooms) => {
              onChange(rooms);
              close();
            }}
            onAway={(rooms) => {
              onChange(rooms);
              setOpen(false);
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
