import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoutes, renderRoute } from '../../../../test/utils';
import { GalleryTab } from './GalleryTab';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PHOTO = { id: 3, sequence_position: 2, image_url: '/api/files/a', created_by: 'x', modified_by: 'x' };

function open(images: (typeof PHOTO)[], canEdit = true) {
  let stored = images;
  const calls = mockRoutes({
    'GET /api/properties/70/images': () => ({ body: stored }),
    'POST /api/properties/70/images': () => {
      stored = [...stored, { ...PHOTO, id: 4, sequence_position: 3 }];
      return { status: 201, body: { message: 'Sucessfully Uploaded', image: stored.at(-1) } };
    },
  });
  renderRoute(<GalleryTab propertyId={70} canEdit={canEdit} />);
  return calls;
}

describe('GalleryTab', { timeout: 30_000 }, () => {
  it('refuses files that are no PNG or JPEG, or over 50 MB, before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = open([PHOTO]);
    await user.click(await screen.findByRole('button', { name: 'Add Photo' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Photo' });
    // The next position follows the last photo.
    expect(within(dialog).getByLabelText('Position')).toHaveValue('3');
    const input = within(dialog).getByLabelText('Photo file');

    await user.upload(input, new File(['GIF89a'], 'photo.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Unsupported file type')).toBeInTheDocument();

    const huge = new File([PNG], 'big.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(input, huge);
    expect(await within(dialog).findByText('Max logo size is 50mb')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.upload(input, new File([PNG], 'text.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Sucessfully Uploaded')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.form?.get('sequence_position')).toBe('3');
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(2));
  });

  it('locks the position when a photo is changed', async () => {
    open([PHOTO]);
    await userEvent.click(await screen.findByRole('button', { name: 'Change photo 2' }));
    const position = within(screen.getByRole('dialog', { name: 'Change Photo' })).getByLabelText('Position');
    expect(position).toHaveValue('2');
    expect(position).toBeDisabled();
  });

  it('offers no edits without gallery edits, and says when there are no photos', async () => {
    open([], false);
    expect(await screen.findByText('No record exist!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
  });
});
