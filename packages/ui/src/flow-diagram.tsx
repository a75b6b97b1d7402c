import {
  type Edge,
  Handle,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  type ReactFlowInstance,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** How a step looks: done, under way, still to come, cancelled. */
export type FlowTone = 'done' | 'current' | 'waiting' | 'cancelled';

export type FlowStep = {
  id: string;
  label: string;
  /** The state in words, e.g. 'Terminé' (shown, and read with the step). */
  status: string;
  tone: FlowTone;
  /** A second line, e.g. a document and its state. */
  detail?: ReactNode;
  /** The same in words for screen readers. */
  detailText?: string;
};

export type FlowDiagramProps = {
  /** Accessible name of the figure, e.g. 'Parcours d’inscription de Zoé Arnaud'. */
  label: string;
  steps: FlowStep[];
  /** One entry per tone shown, with its words. */
  legend: { tone: FlowTone; label: string }[];
  /** Under the legend, e.g. the document states and their icons. */
  legendExtra?: ReactNode;
};

const TONES: Record<FlowTone, string> = {
  done: 'border-emerald-600 bg-emerald-50',
  current: 'border-brand-600 bg-brand-50',
  waiting: 'border-slate-400 bg-white',
  cancelled: 'border-red-600 bg-red-50',
};
const DOTS: Record<FlowTone, string> = {
  done: 'bg-emerald-600',
  current: 'bg-brand-600',
  waiting: 'bg-slate-400',
  cancelled: 'bg-red-600',
};

const NODE_WIDTH = 180;
const NODE_HEIGHT = 78;
const GAP_X = 40;
const GAP_Y = 44;

type StepNode = Node<{ step: FlowStep; index: number }, 'step'>;

function StepBox({ data }: NodeProps<StepNode>) {
  const { step, index } = data;
  return (
    <div
      className={`flex h-full w-full flex-col justify-center rounded-lg border-2 px-2 py-1 text-left text-xs text-ink ${TONES[step.tone]}`}
    >
      {(['Left', 'Right', 'Top', 'Bottom'] as const).map((side) => (
        <span key={side}>
          <Handle
            type="target"
            id={`in-${side}`}
            position={Position[side]}
            isConnectable={false}
            className="opacity-0"
          />
          <Handle
            type="source"
            id={`out-${side}`}
            position={Position[side]}
            isConnectable={false}
            className="opacity-0"
          />
        </span>
      ))}
      <span className="font-semibold leading-tight">
        {index + 1}. {step.label}
      </span>
      <span className="mt-0.5 inline-flex items-center gap-1 text-muted">
        <span aria-hidden="true" className={`size-2 rounded-full ${DOTS[step.tone]}`} />
        {step.status}
      </span>
      {step.detail && <span className="mt-0.5 truncate text-muted">{step.detail}</span>}
    </div>
  );
}

const nodeTypes = { step: StepBox };

/**
 * Steps laid out as a snake (left to right, then right to left on the next row), as many per
 * row as the width allows: the order stays readable on a phone as on a desk.
 */
function layout(steps: FlowStep[], columns: number): { nodes: StepNode[]; edges: Edge[] } {
  const place = (index: number) => {
    const row = Math.floor(index / columns);
    const column = index % columns;
    const x = row % 2 === 0 ? column : columns - 1 - column;
    return { row, x: x * (NODE_WIDTH + GAP_X), y: row * (NODE_HEIGHT + GAP_Y) };
  };
  const nodes: StepNode[] = steps.map((step, index) => ({
    id: step.id,
    type: 'step',
    position: { x: place(index).x, y: place(index).y },
    data: { step, index },
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    draggable: false,
    selectable: false,
    focusable: false,
  }));
  const edges: Edge[] = steps.slice(1).map((step, i) => {
    const from = place(i);
    const to = place(i + 1);
    const down = to.row !== from.row;
    const rightward = from.row % 2 === 0;
    return {
      id: `${steps[i]!.id}-${step.id}`,
      source: steps[i]!.id,
      target: step.id,
      sourceHandle: down ? 'out-Bottom' : rightward ? 'out-Right' : 'out-Left',
      targetHandle: down ? 'in-Top' : rightward ? 'in-Left' : 'in-Right',
      type: 'smoothstep',
      focusable: false,
      style: { stroke: '#64748b', strokeWidth: 2 },
    };
  });
  return { nodes, edges };
}

/**
 * A read-only flow of steps (React Flow) with its legend. The drawing is for the eye; screen
 * readers get the same steps as an ordered list.
 */
export function FlowDiagram({ label, steps, legend, legendExtra }: FlowDiagramProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [flow, setFlow] = useState<ReactFlowInstance<StepNode> | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const columns = Math.max(1, Math.min(5, Math.floor((width + GAP_X) / (NODE_WIDTH + GAP_X))));
  const rows = Math.ceil(steps.length / columns);
  const height = rows * (NODE_HEIGHT + GAP_Y) + 16;
  const { nodes, edges } = layout(steps, columns);
  useEffect(() => {
    void flow?.fitView({ padding: 0.04 });
  }, [flow, columns, width]);

  return (
    <figure aria-labelledby={titleId} className="space-y-3">
      <figcaption id={titleId} className="sr-only">
        {label}
      </figcaption>
      <ol className="sr-only">
        {steps.map((step) => (
          <li key={step.id}>
            {`${step.label} : ${step.status}${step.detailText ? `, ${step.detailText}` : ''}`}
          </li>
        ))}
      </ol>
      <div ref={box} aria-hidden="true" style={{ height }} className="w-full">
        {width > 0 && (
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            onInit={setFlow}
            fitView
            fitViewOptions={{ padding: 0.04 }}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            panOnDrag={false}
            zoomOnScroll={false}
            zoomOnPinch={false}
            zoomOnDoubleClick={false}
            preventScrolling={false}
            proOptions={{ hideAttribution: true }}
          />
        )}
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink">
        {legend.map((entry) => (
          <li key={entry.tone} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className={`size-3 rounded-full ${DOTS[entry.tone]}`} />
            {entry.label}
          </li>
        ))}
      </ul>
      {legendExtra}
    </figure>
  );
}
