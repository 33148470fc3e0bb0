import { useTranslation } from 'react-i18next';
import { runningSince, stepDuration, type StepView } from '../../../../shared/runs/run-view';
import { Duration, Elapsed } from './Duration';
import { Markdown } from './Markdown';
import { ToolCall } from './ToolCall';

/**
 * A sub-agent (the Task tool) as a folded card under the step that started it: its kind and task, and
 * unfolded its prompt, what it did (its text and tool calls) and its result or error. A background one
 * says whether its agent has read the result yet (TaskOutput).
 */
export function SubagentCard({ step }: { step: StepView }) {
  const { t } = useTranslation('runs');
  const sub = step.subagent!;
  // a run that ended with the sub-agent still going marked its step: that says more than "running"
  const status = sub.status === 'running' ? step.status : sub.status;
  const duration = stepDuration(step);
  const since = runningSince(step);
  // its answer is the text after its last tool call: shown as the result, not again as work
  const lastTool = step.segments.findLastIndex((s) => s.kind === 'tool');
  const answered = sub.output !== null && sub.error === null;
  const work = answered ? step.segments.slice(0, lastTool + 1) : step.segments;
  return (
    <details className="subagent-card" data-testid={`subagent-${step.stepId}`} data-status={status}>
      <summary className="subagent-head">
        <span className="status-dot" data-status={status} aria-hidden="true" />
        <span className="subagent-title">{t('subagent.title', { agent: sub.agent })}</span>
        <span className="subagent-task">{sub.description}</span>
        {sub.taskId !== null && <span className="subagent-tag">{t('subagent.background')}</span>}
        <span className="status-badge" data-status={status}>
          {t(`status.${status}`)}
        </span>
        {duration !== null ? (
          <span className="muted small step-time">
            <Duration ms={duration} />
          </span>
        ) : (
          since !== null && (
            <span className="muted small step-time">
              <Elapsed since={since} />
            </span>
          )
        )}
      </summary>
      <div className="subagent-body">
        <h3 className="subagent-label">{t('subagent.prompt')}</h3>
        <p className="subagent-prompt">{sub.prompt}</p>
        {work.length > 0 && (
          <>
            <h3 className="subagent-label">{t('subagent.work')}</h3>
            {work.map((segment, i) =>
              segment.kind === 'text' ? (
                <Markdown key={i} text={segment.text} />
              ) : (
                step.tools[segment.callId] && <ToolCall key={i} call={step.tools[segment.callId]!} />
              ),
            )}
          </>
        )}
        {sub.error !== null && (
          <>
            <h3 className="subagent-label">{t('subagent.error')}</h3>
            <p className="form-error">{sub.error}</p>
          </>
        )}
        {answered && (
          <>
            <h3 className="subagent-label">{t('subagent.result')}</h3>
            <Markdown text={sub.output!} />
          </>
        )}
        {sub.taskId !== null && status === 'succeeded' && (
          <p className="muted small" data-testid="subagent-read">
            {t(sub.readBy === null ? 'subagent.notRead' : 'subagent.read')}
          </p>
        )}
      </div>
    </details>
  );
}
