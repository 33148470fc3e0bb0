import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/PageHeader';
import { useStores } from '../../app/stores-context';
import { When } from '../../app/When';
import { decisionText } from './decision-text';
import type { AuditRow, Rule } from './grants-store';
import './grants.css';
import { errorText } from '../../i18n/error-text';

/** Saved permission rules (global and per skill), each revocable, and the latest decisions. */
export function GrantsPage() {
  const { t } = useTranslation('grants');
  const { useGrantsStore, useConnectionStore } = useStores();
  const { rules, audit, loading, error, load, revoke } = useGrantsStore();
  const linkState = useConnectionStore((s) => s.status.state);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');

  // On opening the page, and again when a dropped link comes back.
  useEffect(() => {
    if (linkState === 'open') void load();
  }, [linkState, load]);

  async function revokeRule(rule: Rule) {
    setRevokeError(null);
    const result = await revoke(rule.id);
    if (result.ok) setAnnounce(t('revoked', { rule: rule.rule }));
    else setRevokeError(t('revokeFailed', { message: errorText(result.error) }));
  }

  return (
    <section className="page" aria-labelledby="page-title" aria-busy={loading}>
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <button type="button" className="button" onClick={() => void load()} disabled={loading}>
          {t('reload')}
        </button>
      </PageHeader>

      {error && (
        <div className="form-error" role="alert">
          {t('loadFailed', { message: error })}
        </div>
      )}
      {revokeError && (
        <div className="form-error" role="alert">
          {revokeError}
        </div>
      )}
      <p role="status" className="sr-only">
        {announce}
      </p>

      <section className="grants-section" aria-labelledby="grants-rules-title">
        <h2 id="grants-rules-title" className="section-title">
          {t('rulesTitle')}
        </h2>
        {rules.length === 0 ? (
          <p className="grants-empty">{loading ? t('loading') : t('noRules')}</p>
        ) : (
          <div className="grants-table-wrap">
            <table className="grants-table" data-testid="grants-rules">
              <thead>
                <tr>
                  <th scope="col">{t('colRule')}</th>
                  <th scope="col">{t('colList')}</th>
                  <th scope="col">{t('colScope')}</th>
                  <th scope="col">{t('colCreated')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('colActions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rules.map((rule) => (
                  <tr key={rule.id} data-testid={`grant-rule-${rule.id}`}>
                    <td>
                      <code>{rule.rule}</code>
                    </td>
                    <td>
                      <span className="grants-list" data-list={rule.list}>
                        {t(`list.${rule.list}`)}
                      </span>
                    </td>
                    <td>{rule.skillId ?? <span className="muted">{t('global')}</span>}</td>
                    <td>
                      <When at={rule.createdAt} />
                    </td>
                    <td className="grants-actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={t('revokeLabel', { rule: rule.rule })}
                        onClick={() => void revokeRule(rule)}
                      >
                        {t('revoke')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="grants-section" aria-labelledby="grants-audit-title">
        <h2 id="grants-audit-title" className="section-title">
          {t('auditTitle')}
        </h2>
        {audit.length === 0 ? (
          <p className="grants-empty">{loading ? t('loading') : t('noAudit')}</p>
        ) : (
          <div className="grants-table-wrap">
            <table className="grants-table" data-testid="grants-audit">
              <thead>
                <tr>
                  <th scope="col">{t('colWhen')}</th>
                  <th scope="col">{t('colSkill')}</th>
                  <th scope="col">{t('colTool')}</th>
                  <th scope="col">{t('colDecision')}</th>
                  <th scope="col">{t('colWhy')}</th>
                </tr>
              </thead>
              <tbody>
                {audit.map((row) => (
                  <AuditLine key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}

function AuditLine({ row }: { row: AuditRow }) {
  const { t } = useTranslation('grants');
  return (
    <tr>
      <td>
        <When at={row.at} />
      </td>
      <td>{row.skillId}</td>
      <td className="grants-tool">
        <code title={row.inputJson}>{row.tool}</code>
      </td>
      <td>
        <span className="grants-list" data-list={row.decision}>
          {t(`decision.${row.decision}`)}
        </span>
      </td>
      <td className="grants-why">{whyText(row, t)}</td>
    </tr>
  );
}

/** The row's reason as a sentence, with the rule it saved or used when the sentence does not name it. */
function whyText(row: AuditRow, t: TFunction<'grants'>) {
  const sentence = row.reason ? decisionText(row.reason, t) : '';
  // `allowed-tools` marks a tool outside the skill's list: the sentence says so
  const rule = row.rule && row.rule !== 'allowed-tools' && !sentence.includes(row.rule) ? row.rule : null;
  return (
    <>
      {sentence}
      {rule && (
        <>
          {' '}
          <code>{rule}</code>
        </>
      )}
    </>
  );
}
