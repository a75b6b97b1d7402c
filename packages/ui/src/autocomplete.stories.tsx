import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { Autocomplete } from './autocomplete';

type Agent = { id: number; fullName: string; idCgp: string };

const AGENTS: Agent[] = [
  { id: 1, fullName: 'Claire Martin', idCgp: 'CGP0001' },
  { id: 2, fullName: 'Julien Lefebvre', idCgp: 'CGP0002' },
  { id: 3, fullName: 'Marthe Dubois', idCgp: 'CGP0007' },
];

function AgentPicker({ onSearch }: { onSearch: (search: string) => void }) {
  const [value, setValue] = useState<Agent | null>(null);
  const [options, setOptions] = useState<Agent[] | undefined>(undefined);
  const search = useCallback(
    (text: string) => {
      onSearch(text);
      setOptions(AGENTS.filter((a) => a.fullName.toLowerCase().includes(text.toLowerCase())));
    },
    [onSearch],
  );
  return (
    <div className="w-80">
      <Autocomplete
        label="Mandataire"
        value={value}
        onChange={setValue}
        onSearch={search}
        options={options}
        getKey={(agent) => agent.id}
        getLabel={(agent) => agent.fullName}
        getDescription={(agent) => agent.idCgp}
        debounceMs={0}
      />
      <output aria-label="Choix">{value?.idCgp ?? 'aucun'}</output>
    </div>
  );
}

const meta = {
  title: 'Forms/Autocomplete',
  component: AgentPicker,
  args: { onSearch: fn() },
} satisfies Meta<typeof AgentPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Keyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('combobox', { name: 'Mandataire' });
    await userEvent.type(input, 'Mar');
    await expect(await canvas.findByText('Saisissez au moins 4 caractères.')).toBeInTheDocument();
    await expect(args.onSearch).not.toHaveBeenCalled();

    await userEvent.type(input, 't');
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('Mart'));
    await expect(await canvas.findByRole('option', { name: /Claire Martin/ })).toBeInTheDocument();
    await expect(canvas.getByRole('option', { name: /Marthe Dubois/ })).toBeInTheDocument();

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(canvas.getByLabelText('Choix')).toHaveTextContent('CGP0007'));
    await expect(input).toHaveValue('Marthe Dubois');

    await userEvent.click(canvas.getByRole('button', { name: 'Effacer' }));
    await expect(canvas.getByLabelText('Choix')).toHaveTextContent('aucun');
  },
};
