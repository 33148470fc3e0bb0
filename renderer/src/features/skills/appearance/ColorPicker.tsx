import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PALETTE } from '../appearance-choices';
import { CARD_TEXT, DARK_TEXT, checkContrast, darkerShade, formatRatio, nearestPassing } from './contrast';

/**
 * The palette, a native color input and a #rrggbb field, with how readable the card text (white) is on
 * the color. `color` is the valid color in use (the last good one while `hex` is being typed).
 */
export function ColorPicker({
  hex,
  color,
  problem,
  onChange,
}: {
  hex: string;
  color: string;
  problem: string | null;
  onChange: (hex: string) => void;
}) {
  const { t } = useTranslation('skills');
  const ids = { hex: useId(), error: useId(), contrast: useId() };
  const contrast = checkContrast(color);
  const nearest = contrast.passes ? null : nearestPassing(color, PALETTE);
  const darker = contrast.passes ? null : darkerShade(color);

  return (
    <fieldset className="field">
      <legend className="field-label">{t('appearance.color')}</legend>
      <div className="swatches" role="group" aria-label={t('appearance.palette')}>
        {PALETTE.map((swatch) => (
          <button
            key={swatch.hex}
            type="button"
            className="swatch"
            style={{ backgroundColor: swatch.hex }}
            aria-label={`${t(`colors.${swatch.name}`)} ${swatch.hex}`}
            title={t(`colors.${swatch.name}`)}
            aria-pressed={color === swatch.hex && !problem}
            onClick={() => onChange(swatch.hex)}
          />
        ))}
      </div>
      <div className="color-row">
        <label className="color-picker">
          <input type="color" value={color} onChange={(e) => onChange(e.target.value)} />
          <span>{t('appearance.customColor')}</span>
        </label>
        <label htmlFor={ids.hex} className="hex-label">
          {t('appearance.hexColor')}
        </label>
        <input
          id={ids.hex}
          className="input input-hex"
          value={hex}
          onChange={(e) => onChange(e.target.value)}
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.error} ${ids.contrast}` : ids.contrast}
        />
      </div>
      {problem && (
        <p id={ids.error} className="field-error">
          {problem}
        </p>
      )}

      <div
        id={ids.contrast}
        className="contrast"
        data-testid="contrast"
        data-passes={contrast.passes ? 'true' : 'false'}
      >
        <span
          className="contrast-sample"
          style={{ backgroundColor: color, color: CARD_TEXT }}
          aria-hidden="true"
        >
          {t('appearance.contrast.preview')}
        </span>
        <div className="contrast-text">
          <p className="contrast-ratio">
            {t('appearance.contrast.label', { ratio: formatRatio(contrast.ratio) })}
          </p>
          {contrast.passes ? (
            <p className="contrast-ok small">{t('appearance.contrast.passes')}</p>
          ) : (
            <>
              <p className="contrast-warning small" role="status">
                {t('appearance.contrast.low')}
              </p>
              <p className="small muted">
                {contrast.darkRatio >= 4.5
                  ? t('appearance.contrast.useDark', { ratio: formatRatio(contrast.darkRatio) })
                  : t('appearance.contrast.suggest')}
                {contrast.darkRatio >= 4.5 && (
                  <span
                    className="contrast-sample contrast-sample-inline"
                    style={{ backgroundColor: color, color: DARK_TEXT }}
                    aria-hidden="true"
                  >
                    {t('appearance.contrast.preview')}
                  </span>
                )}
              </p>
              <div className="contrast-suggestions">
                {nearest && (
                  <button
                    type="button"
                    className="button appearance-small-button"
                    onClick={() => onChange(nearest.hex)}
                  >
                    <span
                      className="swatch-dot"
                      style={{ backgroundColor: nearest.hex }}
                      aria-hidden="true"
                    />
                    {t('appearance.contrast.nearest', {
                      name: t(`colors.${nearest.name}`),
                      hex: nearest.hex,
                    })}
                  </button>
                )}
                {darker && (
                  <button
                    type="button"
                    className="button appearance-small-button"
                    onClick={() => onChange(darker)}
                  >
                    <span className="swatch-dot" style={{ backgroundColor: darker }} aria-hidden="true" />
                    {t('appearance.contrast.darker', { hex: darker })}
                  </button>
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </fieldset>
  );
}
