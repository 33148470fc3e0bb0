import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SKILL_TEMPLATES, type SkillTemplate } from '../../../../shared/types/skill';
import { useStores } from '../../app/stores-context';
import { IdDialog } from './IdDialog';
import { editorHref } from './route';
import './editor.css';
import { errorText } from '../../i18n/error-text';

/** "New skill": an id, a template (`skills:create`), then the editor on it. */
export function NewSkillButton() {
  const { t } = useTranslation('editor');
  const { useEditorStore, useLaunchStore } = useStores();
  const create = useEditorStore((s) => s.create);
  // "New skill…" chosen in the command palette: open here, on the skills page
  const asked = useLaunchStore((s) => s.newSkillAsked);
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState<SkillTemplate>('prompt');
  const [description, setDescription] = useState('');
  const shown = open || asked;
  const close = () => {
    setOpen(false);
    useLaunchStore.getState().newSkillOpened();
  };

  return (
    <>
      <button type="button" className="button button-primary new-skill-button" onClick={() => setOpen(true)}>
        {t('new.button')}
      </button>
      {shown && (
        <IdDialog
          title={t('new.title')}
          initialId=""
          submitLabel={t('new.create')}
          onClose={() => close()}
          onSubmit={async (id) => {
            const result = await create(id, template, description);
            if (!result.ok) return errorText(result.error);
            close();
            window.location.hash = editorHref(result.value.id);
            return null;
          }}
        >
          <fieldset className="field">
            <legend className="field-label">{t('new.template')}</legend>
            <div className="template-choices">
              {SKILL_TEMPLATES.map((name) => (
                <label key={name} className="template-choice">
                  <input
                    type="radio"
                    name={`${ids}-template`}
                    value={name}
                    checked={template === name}
                    onChange={() => setTemplate(name)}
                  />
                  <span>
                    <strong>{t(`new.templates.${name}`)}</strong>
                    <span className="muted small">{t(`new.templates.${name}Hint`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-description`}>
              {t('new.description')}
            </label>
            <textarea
              id={`${ids}-description`}
              className="input"
              rows={2}
              value={description}
              placeholder={t('new.descriptionPlaceholder')}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
        </IdDialog>
      )}
    </>
  );
}
