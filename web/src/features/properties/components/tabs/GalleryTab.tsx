import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import { errorMessage } from '../../../../api/client';
import type { PhotoView } from '../../../../api/types';
import { useNotify } from '../../../../app/notify';
import { ConfirmDialog } from '../../../../components/dialogs/ConfirmDialog';
import { LoadError, loadErrorText } from '../../../../components/LoadError';
import { deleteImage, imagesKey, usePropertyImages } from '../../api/properties';
import { nextPosition } from '../../gallery';
import { PhotoUploadDialog } from './PhotoUploadDialog';

/**
 * The property's photos by position. Adding, changing and removing photos (and the Action column)
 * are there only when the builder has photo gallery edits switched on.
 */
export function GalleryTab({ propertyId, canEdit }: { propertyId: number; canEdit: boolean }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const images = usePropertyImages(propertyId);
  const photos = [...(images.data ?? [])].sort((a, b) => a.sequence_position - b.sequence_position);
  const [upload, setUpload] = useState<{ position: number; edit: boolean } | null>(null);
  const [removing, setRemoving] = useState<PhotoView | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: imagesKey(propertyId) });

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const res = await deleteImage(propertyId, removing.id);
      notify.success(res.message);
      setRemoving(null);
      await refresh();
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const columns = canEdit ? 3 : 2;
  const message = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={columns} align="center" sx={{ color: 'text.secondary' }}>
        {content}
      </TableCell>
    </TableRow>
  );

  return (
    <Stack spacing={2}>
      {canEdit && (
        <Box>
          <Button
            variant="contained"
            startIcon={<AddPhotoIcon />}
            disabled={!images.isSuccess}
            onClick={() => setUpload({ position: nextPosition(photos), edit: false })}
          >
            Add Photo
          </Button>
        </Box>
      )}
      <Table size="small" aria-label="Photos">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Image</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Position</TableCell>
            {canEdit && <TableCell sx={{ fontWeight: 600 }}>Action</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {images.isPending
            ? message(<CircularProgress size={24} aria-label="Loading photos" />)
            : images.isError
              ? message(
                  <LoadError onRetry={() => void images.refetch()}>{loadErrorText('Photos', images.error)}</LoadError>,
                )
              : photos.length === 0
                ? message('No record exist!')
                : photos.map((p) => (
                    <TableRow key={p.id} data-testid="photo">
                      <TableCell>
                        <Box
                          component="img"
                          src={p.image_url}
                          alt={`Photo ${p.sequence_position}`}
                          loading="lazy"
                          sx={{ width: 160, height: 100, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                        />
                      </TableCell>
                      <TableCell>{p.sequence_position}</TableCell>
                      {canEdit && (
                        <TableCell>
                          <Stack direction="row" spacing={1}>
                            <Button
                              size="small"
                              onClick={() => setUpload({ position: p.sequence_position, edit: true })}
                              aria-label={`Change photo ${p.sequence_position}`}
                            >
                              Change
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              onClick={() => setRemoving(p)}
                              aria-label={`Remove photo ${p.sequence_position}`}
                            >
                              Remove
                            </Button>
                          </Stack>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
        </TableBody>
      </Table>
      {!canEdit && images.isSuccess && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Photo gallery edits are turned off for this builder.
        </Typography>
      )}
      {upload && (
        <PhotoUploadDialog
          // A new dialog for each opening starts with a clear status.
          key={`${upload.edit}-${upload.position}`}
          propertyId={propertyId}
          position={upload.position}
          edit={upload.edit}
          onClose={() => setUpload(null)}
          onUploaded={() => void refresh()}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove photo"
        message={`Remove the photo at position ${removing?.sequence_position ?? ''}?`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
