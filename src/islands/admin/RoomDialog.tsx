// Adds or edits a room type in a dialog: its code, its name in each language, the guests it takes and how many rooms
// of it the hotel has. The same schema as the API checks it as it is typed.
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog';
import InventoryField from './InventoryField';
import { useConsoleForm } from './useConsoleForm';
import { fieldProps, NAME_LABEL, numberOf } from './inventory-form';
import { addRoom, saveRoom, type ProductDetail } from '../../stores/inventory';
import { $language, useT } from '../../stores/locale';
import { RoomCreateSchema, RoomPatchSchema } from '../../shared/contract/inventory';
import { LANGUAGES } from '../../shared/i18n/types';
import { nameIn } from '../../shared/rules/stay-rates';

type Room = ProductDetail['rooms'][number];
type Values = { code: string; name: Room['name']; max_adults?: number; max_children?: number; max_occupancy?: number; units?: number };

/** The fields a room type's form edits (its id is in the address, not the body). */
function editable(room: Room | null): Values {
  if (!room) return { code: '', name: { 'en-US': '' }, max_adults: 2, max_children: 0, max_occupancy: 2, units: 1 };
  const { room_id: _id, ...fields } = room;
  return fields;
}

export default function RoomDialog({ productId, room, onClose, onSaved }: { productId: number; room: Room | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const t = useT();
  const language = useStore($language);
  const form = useConsoleForm(room ? RoomPatchSchema : RoomCreateSchema, editable(room) as never);
  const v = form.values as unknown as Values;
  const set = form.set as unknown as (name: keyof Values, value: unknown) => void;
  const [texts, setTexts] = useState(() => ({ max_adults: String(v.max_adults ?? ''), max_children: String(v.max_children ?? ''), max_occupancy: String(v.max_occupancy ?? ''), units: String(v.units ?? '') }));
  const props = (name: string, hint = false) => ({ ...fieldProps('room', name, form.errors, hint), onBlur: () => form.blur(name) });
  const number = (name: keyof typeof texts) => ({
    ...props(name),
    inputMode: 'numeric' as const,
    value: texts[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setTexts((x) => ({ ...x, [name]: e.target.value }));
      set(name, numberOf(e.target.value));
    },
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const ok = await form.submit(async (parsed) => {
      if (room) await saveRoom(productId, room.room_id, parsed as never);
      else await addRoom(productId, parsed as never);
    });
    if (ok) await onSaved();
  }

  return (
    <Dialog title={room ? t('inv_edit_room', { name: nameIn(room.name, language) }) : t('inv_add_room')} onClose={onClose} closeLabel={t('admin_close')} closeOnEscape>
      <form className="console-form" onSubmit={(e) => void submit(e)} noValidate data-testid="room-form">
        <div className="console-grid">
          <InventoryField prefix="room" name="code" label={t('inv_code')} hint={t('inv_room_code_hint')} error={form.errors.code}>
            <input className="input" {...props('code', true)} data-autofocus autoComplete="off" spellCheck={false} value={v.code} onChange={(e) => set('code', e.target.value)} />
          </InventoryField>
          {LANGUAGES.map((lang) => (
            <InventoryField key={lang} prefix="room" name={`name-${lang}`} label={t(NAME_LABEL[lang])} error={lang === 'en-US' ? form.errors.name : undefined}>
              <input
                className="input"
                {...fieldProps('room', `name-${lang}`, lang === 'en-US' ? form.errors : {})}
                lang={lang}
                value={v.name[lang] ?? ''}
                onChange={(e) => set('name', { ...v.name, [lang]: e.target.value })}
                onBlur={() => form.blur('name')}
              />
            </InventoryField>
          ))}
          <InventoryField prefix="room" name="max_adults" label={t('inv_max_adults')} error={form.errors.max_adults}>
            <input className="input" {...number('max_adults')} />
          </InventoryField>
          <InventoryField prefix="room" name="max_children" label={t('inv_max_children')} error={form.errors.max_children}>
            <input className="input" {...number('max_children')} />
          </InventoryField>
          <InventoryField prefix="room" name="max_occupancy" label={t('inv_max_occupancy')} error={form.errors.max_occupancy}>
            <input className="input" {...number('max_occupancy')} />
          </InventoryField>
          <InventoryField prefix="room" name="units" label={t('inv_units')} hint={t('inv_units_hint')} error={form.errors.units}>
            <input className="input" {...number('units')} aria-describedby="room-units-hint room-units-error" />
          </InventoryField>
        </div>
        <div className="console-actions">
          <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'}>
            {t(room ? 'admin_save' : 'inv_add_room')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('admin_cancel')}
          </button>
          <p className="console-status is-failed" role="status" data-testid="room-status">
            {form.state === 'failed' ? form.message : ''}
          </p>
        </div>
      </form>
    </Dialog>
  );
}
