// A workflow run as a graph: one node per step (from the skill's declared workflow, `skills:get`), edges
// from its dependencies, each node's status from the run's events. Read-only: nothing can be dragged or
// connected. Nodes are buttons (Tab between them, Enter shows that step's output below the graph).
import '@xyflow/react/dist/style.css';
import './dag.css';
import {
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type FitViewOptions,
  type NodeProps,
  useReactFlow,
} from '@xyflow/react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepStatus } from '../../../../shared/types/run';
import { useStores } from '../../app/stores-context';
import type { WorkflowSpec } from '../../stores/runs';
import {
  VERTICAL_SPACING,
  chooseOrientation,
  layoutDag,
  longestPathLayers,
  transposed,
  type DagInput,
} from './dag-layout';
import { Duration, Elapsed } from './Duration';
import { runningSince, stepDuration, type RunView, type StepView } from '../../../../shared/runs/run-view';
import { StepList } from './StepList';

export type NodeStatus = StepStatus | 'pending';

/** Shape, not only colour, tells the statuses apart. */
const ICONS: Record<NodeStatus, string> = {
  pending: '○',
  running: '◔',
  succeeded: '✓',
  failed: '✕',
  skipped: '↷',
  cancelled: '⊘',
  interrupted: '‖',
};

interface DagStep extends DagInput {
  name: string;
  condition: string | null;
}

interface StepNodeData extends Record<string, unknown> {
  stepId: string;
  name: string;
  status: NodeStatus;
  attempts: number;
  durationMs: number | null;
  /** A running step's start: its node counts up. */
  runningSince: number | null;
  skipReason: string | null;
  condition: string | null;
  /** Names of the steps it waits for (read to screen readers: edges are not). */
  after: string[];
  selected: boolean;
  /** Laid out top to bottom (a narrow box): edges enter at the top and leave at the bottom. */
  vertical: boolean;
  onSelect: (stepId: string) => void;
}

type StepNode = Node<StepNodeData, 'step'>;

const NODE_TYPES = { step: StepNodeView };
const GRAPH_VIEWS = ['graph', 'list'] as const;
type GraphView = (typeof GRAPH_VIEWS)[number];

/** The skill's workflow steps: undefined while reading, null when it cannot be read. */
function useWorkflow(skillId: string): WorkflowSpec['steps'] | null | undefined {
  const { useRunsStore } = useStores();
  const [read, setRead] = useState<{ skillId: string; steps: WorkflowSpec['steps'] | null } | null>(null);
  useEffect(() => {
    if (!skillId) return;
    let live = true;
    void useRunsStore
      .getState()
      .skillWorkflow(skillId)
      .then((workflow) => {
        if (live) setRead({ skillId, steps: workflow?.steps ?? null });
      });
    return () => {
      live = false;
    };
  }, [skillId, useRunsStore]);
  return read?.skillId === skillId ? read.steps : undefined;
}

/** The declared steps, then any step the run has that the definition (edited since?) does not. */
export function dagSteps(declared: WorkflowSpec['steps'] | null, run: RunView): DagStep[] {
  const steps: DagStep[] = (declared ?? []).map((s) => ({
    id: s.id,
    name: s.name || s.id,
    dependencies: s.dependencies,
    condition: s.condition ?? null,
  }));
  const known = new Set(steps.map((s) => s.id));
  for (const s of run.steps)
    if (!known.has(s.stepId)) steps.push({ id: s.stepId, name: s.name, dependencies: [], condition: null });
  return steps;
}

/**
 * The step shown below the graph: the one picked, else the one running now, else the last that ran — so
 * a live run is followed without a click.
 */
function shownStep(run: RunView, picked: string | null): { id: string; step: StepView | null } | null {
  if (picked) return { id: picked, step: run.steps.find((s) => s.stepId === picked) ?? null };
  const running = run.steps.filter((s) => s.status === 'running').at(-1);
  const last = running ?? [...run.steps].sort((a, b) => (a.endT ?? 0) - (b.endT ?? 0)).at(-1);
  return last ? { id: last.stepId, step: last } : null;
}

/** A workflow run's steps as a graph (the default) or as the list, with a toggle between the two. */
export function WorkflowSteps({ run }: { run: RunView }) {
  const { t } = useTranslation('runs');
  const [view, setView] = useState<GraphView>('graph');
  const [picked, setPicked] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const declared = useWorkflow(run.skillId);

  // Switching to the list brings the step picked in the graph into view.
  useEffect(() => {
    if (view !== 'list' || !picked) return;
    const item = listRef.current?.querySelector(`[data-step="${CSS.escape(picked)}"]`);
    item?.scrollIntoView({ block: 'nearest' });
  }, [view, picked]);

  // new steps (or names) in the run change the graph; a token does not
  const runStepsKey = run.steps.map((s) => `${s.stepId}\u0000${s.name}`).join('\n');
  const steps = useMemo(
    () => dagSteps(declared ?? null, run),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [declared, runStepsKey],
  );

  const shown = shownStep(run, picked);
  const shownName = declared?.find((s) => s.id === shown?.id)?.name ?? shown?.step?.name ?? shown?.id;

  return (
    <div className="dag-steps">
      <div className="dag-view-toggle" role="group" aria-label={t('dag.viewLabel')}>
        {GRAPH_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            className="dag-view-button"
            aria-pressed={view === v}
            onClick={() => setView(v)}
          >
            {t(`dag.view.${v}`)}
          </button>
        ))}
      </div>
      {view === 'list' ? (
        <div ref={listRef}>
          <StepList steps={run.steps} />
        </div>
      ) : (
        <>
          {declared === undefined ? (
            <p className="muted small">{t('dag.loading')}</p>
          ) : (
            <>
              {declared === null && <p className="muted small">{t('dag.noDefinition')}</p>}
              <WorkflowDag steps={steps} run={run} selected={picked} onSelect={setPicked} />
            </>
          )}
          <div className="dag-detail" data-testid="dag-detail">
            {!shown ? (
              <p className="muted small">{t('dag.pickHint')}</p>
            ) : shown.step ? (
              <StepList steps={[shown.step]} />
            ) : (
              <p className="muted small">{t('dag.notStarted', { name: shownName })}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}

const NODE_HEIGHT = 84;

/** The graph itself. `steps` in declared order; statuses come from `run.steps`. */
export function WorkflowDag({
  steps,
  run,
  selected,
  onSelect,
}: {
  steps: DagStep[];
  run: RunView;
  selected: string | null;
  onSelect: (stepId: string) => void;
}) {
  const { t } = useTranslation('runs');
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const orientation = useMemo(() => {
    const layers = [...longestPathLayers(steps).values()];
    const perLayer = new Map<number, number>();
    for (const layer of layers) perLayer.set(layer, (perLayer.get(layer) ?? 0) + 1);
    return chooseOrientation(width, perLayer.size, Math.max(1, ...perLayer.values()));
  }, [steps, width]);
  const vertical = orientation === 'vertical';
  const layout = useMemo(
    () => (vertical ? transposed(layoutDag(steps, VERTICAL_SPACING)) : layoutDag(steps)),
    [steps, vertical],
  );
  const byId = useMemo(() => new Map(steps.map((s) => [s.id, s])), [steps]);
  const views = useMemo(() => new Map(run.steps.map((s) => [s.stepId, s])), [run.steps]);
  const statusOf = (id: string): NodeStatus => views.get(id)?.status ?? 'pending';

  // Tokens change a step on every chunk: the nodes only change when what they show does.
  const shownState = layout.nodes
    .map(({ id }) => {
      const v = views.get(id);
      return v
        ? `${id}|${v.status}|${v.attempts}|${stepDuration(v)}|${runningSince(v)}|${v.name}|${v.skipReason}`
        : id;
    })
    .join('\n');

  const nodes = useMemo<StepNode[]>(
    () =>
      layout.nodes.map(({ id, x, y }) => {
        const step = byId.get(id)!;
        const view = views.get(id);
        // a step skipped without starting only has its id from the events: the declared name is better
        const name = view && view.name !== view.stepId ? view.name : step.name;
        return {
          id,
          type: 'step',
          position: { x, y },
          ariaRole: 'group',
          ariaLabel: name,
          domAttributes: { 'aria-roledescription': t('dag.nodeRole') },
          data: {
            stepId: id,
            name,
            status: view?.status ?? 'pending',
            attempts: view?.attempts ?? 0,
            durationMs: view ? stepDuration(view) : null,
            runningSince: view ? runningSince(view) : null,
            skipReason: view?.skipReason ?? null,
            condition: step.condition,
            after: step.dependencies.filter((d) => byId.has(d) && d !== id).map((d) => byId.get(d)!.name),
            selected: selected === id,
            vertical,
            onSelect,
          },
        };
      }),
    // shownState stands for `views`: a token does not re-render the graph
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, byId, shownState, selected, onSelect, vertical, t],
  );

  const edges = useMemo<Edge[]>(
    () =>
      layout.edges.map(({ id, source, target }) => ({
        id,
        source,
        target,
        type: 'smoothstep',
        animated: statusOf(target) === 'running',
        className: `dag-edge dag-edge-${statusOf(source)}`,
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        ariaLabel: t('dag.edgeLabel', { from: byId.get(source)!.name, to: byId.get(target)!.name }),
        domAttributes: { 'aria-roledescription': t('dag.edgeRole') },
        focusable: false,
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, byId, shownState, t],
  );

  // how many nodes the graph is tall: the widest layer, or (top to bottom) the number of layers
  const tallest = vertical ? layout.layers.length : Math.max(1, ...layout.layers.map((l) => l.length));
  const rowGap = vertical ? VERTICAL_SPACING.layerGap : 110;
  // room for a tooltip (skip reason, condition) under the lowest nodes, only when there is one
  const tips = steps.some((s) => s.condition) || run.steps.some((s) => s.skipReason !== null);
  const fit: FitViewOptions = {
    padding: { x: '24px', top: '48px', bottom: tips ? '56px' : '16px' },
    maxZoom: 1,
  };
  const height = Math.min(vertical ? 640 : 480, (tallest - 1) * rowGap + NODE_HEIGHT + 48 + (tips ? 56 : 16));
  // new nodes, room for a tooltip or a turn of the graph fit it again; a status change does not
  const fitKey = `${layout.nodes.map((n) => n.id).join('\n')}|${tips}|${orientation}`;

  return (
    <div
      ref={box}
      className="dag-graph"
      data-testid="workflow-dag"
      data-orientation={orientation}
      style={{ height }}
    >
      {/* drawn once the box is measured (its width picks the orientation); a new orientation draws
          it afresh, so its first fit is of the nodes where they now are */}
      {width > 0 && (
        <ReactFlow
          key={orientation}
          aria-label={t('dag.label')}
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          fitView
          fitViewOptions={fit}
          minZoom={0.3}
          maxZoom={1.5}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          edgesReconnectable={false}
          disableKeyboardA11y
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={null}
          zoomOnScroll={false}
          preventScrolling={false}
          zoomOnDoubleClick={false}
          proOptions={{ hideAttribution: true }}
          ariaLabelConfig={{
            'node.a11yDescription.default': t('dag.a11y.node'),
            'node.a11yDescription.keyboardDisabled': t('dag.a11y.node'),
            'edge.a11yDescription.default': t('dag.a11y.edge'),
            'controls.ariaLabel': t('dag.controls.label'),
            'controls.zoomIn.ariaLabel': t('dag.controls.zoomIn'),
            'controls.zoomOut.ariaLabel': t('dag.controls.zoomOut'),
            'controls.fitView.ariaLabel': t('dag.controls.fitView'),
            'controls.interactive.ariaLabel': t('dag.controls.interactive'),
            'handle.ariaLabel': t('dag.handle'),
          }}
        >
          <Controls showInteractive={false} orientation="horizontal" position="top-right" />
          <FitOnChange fitKey={fitKey} options={fit} />
        </ReactFlow>
      )}
    </div>
  );
}

/** The element's width, followed as it changes (0 until measured). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** fitView again when the nodes change after the first fit (the `fitView` prop fits once). */
function FitOnChange({ fitKey, options }: { fitKey: string; options: FitViewOptions }) {
  const { fitView } = useReactFlow();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void fitView(options);
    // options are rebuilt every render: the key says when they matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey, fitView]);
  return null;
}

function StepNodeView({ data }: NodeProps<StepNode>) {
  const { t } = useTranslation('runs');
  const tipId = useId();
  const tips = [
    data.skipReason !== null ? t('panel.skipped', { reason: data.skipReason }) : null,
    // a skip reason already quotes the condition
    data.condition && data.skipReason === null ? t('dag.condition', { condition: data.condition }) : null,
  ].filter((s): s is string => s !== null);
  return (
    <>
      <Handle type="target" position={data.vertical ? Position.Top : Position.Left} isConnectable={false} />
      <button
        type="button"
        className="dag-node nodrag nopan"
        data-testid={`dag-node-${data.stepId}`}
        data-dag-node={data.stepId}
        data-status={data.status}
        aria-pressed={data.selected}
        aria-describedby={tips.length > 0 ? tipId : undefined}
        onClick={() => data.onSelect(data.stepId)}
      >
        <span className="dag-node-name">{data.name}</span>
        <span className="dag-node-status" data-status={data.status}>
          <span className="dag-node-icon" aria-hidden="true">
            {ICONS[data.status]}
          </span>
          {t(`status.${data.status}`)}
        </span>
        <span className="dag-node-meta muted small">
          {data.attempts > 1 && <span>{t('panel.attempt', { count: data.attempts })}</span>}
          {data.durationMs !== null ? (
            <span>
              <Duration ms={data.durationMs} />
            </span>
          ) : (
            data.runningSince !== null && (
              <span>
                <Elapsed since={data.runningSince} />
              </span>
            )
          )}
        </span>
        {data.after.length > 0 && (
          <span className="sr-only">{t('dag.after', { steps: data.after.join(', ') })}</span>
        )}
      </button>
      {tips.length > 0 && (
        <span id={tipId} role="tooltip" className="dag-tip">
          {tips.map((tip) => (
            <span key={tip}>{tip}</span>
          ))}
        </span>
      )}
      <Handle
        type="source"
        position={data.vertical ? Position.Bottom : Position.Right}
        isConnectable={false}
      />
    </>
  );
}
