"""PDF/X: a print file that says how it is to be printed (ISO 15930).

reportlab writes the pages; pikepdf (qpdf) then adds what the standard asks of
the file as a whole: the output intent (the printing condition the colours were
separated for, with its ICC profile where the standard needs one), the
``GTS_PDFXVersion`` in the document information and in the XMP metadata,
``Trapped``, the dates, and a TrimBox and BleedBox on every page.

* **PDF/X-4** (ISO 15930-7): PDF 1.6, the output profile embedded.
* **PDF/X-1a:2001** (ISO 15930-1) and **PDF/X-1a:2003** (ISO 15930-4): PDF 1.3
  and 1.4, CMYK only, no transparency; a registered condition (Japan Color 2001
  Coated is ``JC200103``) may be named without its profile.

The dates are reportlab's reproducible ones (2000-01-01), or
``SOURCE_DATE_EPOCH`` where it is set, so the same build gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import os
import time
from dataclasses import dataclass

from companion.errors import InputError
from pnp.press.separation import OVERPRINT_STATES, Condition

VERSIONS = {"x4": "PDF/X-4", "x1a": "PDF/X-1a:2001", "x1a2003": "PDF/X-1a:2003"}
PDF_VERSION = {"x4": "1.6", "x1a": "1.3", "x1a2003": "1.4"}
REGISTRY = "http://www.color.org"


@dataclass(frozen=True)
class Intent:
    """What the file is made for: its PDF/X version and printing condition."""

    version: str  # "x4", "x1a" (2001) or "x1a2003"
    condition: Condition
    profile: bytes | None  # the output profile to embed (required for X-4)
    profile_name: str = ""


def stamp() -> tuple[str, str]:
    """The build's date as a PDF date and an XMP date."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    seconds = int(epoch) if epoch.isdigit() else 946684800  # 2000-01-01, as reportlab
    t = time.gmtime(seconds)
    return time.strftime("D:%Y%m%d%H%M%S+00'00'", t), time.strftime("%Y-%m-%dT%H:%M:%SZ", t)


def make_pdfx(data: bytes, intent: Intent, title: str, labels: list[str] | None = None
              ) -> bytes:
    """The PDF ``data`` (from reportlab, CMYK) as a PDF/X file of ``intent``; ``labels``
    name each page's piece (``deck: card 7 (back)``) as its page label."""
    import pikepdf

    if intent.version == "x4" and intent.profile is None:  # Press.check says why first
        raise InputError("PDF/X-4 needs the output profile of its condition")
    pdf = pikepdf.Pdf.open(io.BytesIO(data))
    _overprint_states(pdf)
    _boxes(pdf)
    if labels:
        _page_labels(pdf, labels)
    _output_intent(pdf, intent)
    _information(pdf, intent, title)
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, force_version=PDF_VERSION[intent.version],
             compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return out.getvalue()


def split(data: bytes, titles: list[str]) -> list[bytes]:
    """A PDF/X file as one PDF/X file per page, each with its title (and its own
    document id), the output intent and dates of the whole."""
    import pikepdf

    whole = pikepdf.Pdf.open(io.BytesIO(data))
    version = whole.pdf_version
    files = []
    for page, title in zip(whole.pages, titles, strict=True):
        single = pikepdf.new()
        single.pages.append(page)
        single.Root.OutputIntents = pikepdf.Array(
            [single.copy_foreign(intent) for intent in whole.Root.OutputIntents])
        for key, value in whole.docinfo.items():
            single.docinfo[key] = value
        single.docinfo.Title = title
        _metadata(single, whole, title)
        out = io.BytesIO()
        single.save(out, deterministic_id=True, force_version=version, compress_streams=True,
                    object_stream_mode=pikepdf.ObjectStreamMode.disable)
        files.append(out.getvalue())
    return files


def _metadata(single, whole, title: str) -> None:
    """The whole file's XMP, with this file's title and id."""
    single.Root.Metadata = single.copy_foreign(whole.Root.Metadata)
    identity = "uuid:" + _uuid(single, title)
    with single.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = title
        meta["xmpMM:DocumentID"] = identity
        meta["xmpMM:InstanceID"] = identity


def _overprint_states(pdf) -> None:
    """The overprint graphics states in the resources of every page and form."""
    import pikepdf

    states = {f"/{name}": pdf.make_indirect(pikepdf.Dictionary({f"/{key}": value}))
              for name, (key, value) in OVERPRINT_STATES.items()}
    holders = [page.obj for page in pdf.pages] + [
        obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream)
        and obj.get("/Subtype") == pikepdf.Name.Form]
    for holder in holders:
        if "/Resources" not in holder:
            holder.Resources = pikepdf.Dictionary()
        resources = holder.Resources
        if "/ExtGState" not in resources:
            resources.ExtGState = pikepdf.Dictionary()
        for name, state in states.items():
            resources.ExtGState[name] = state


def _page_labels(pdf, labels: list[str]) -> None:
    """Each page labelled with its piece, so viewers and the preflight name it."""
    import pikepdf

    numbers = pikepdf.Array()
    for index, label in enumerate(labels):
        numbers.extend([index, pikepdf.Dictionary(P=pikepdf.String(label))])
    pdf.Root.PageLabels = pikepdf.Dictionary(Nums=numbers)


def _boxes(pdf) -> None:
    """Every page has a TrimBox and a BleedBox (the media where none was set)."""
    for page in pdf.pages:
        media = page.obj.MediaBox
        if "/TrimBox" not in page.obj:
            page.obj.TrimBox = media
        if "/BleedBox" not in page.obj:
            page.obj.BleedBox = media


def _output_intent(pdf, intent: Intent) -> None:
    import pikepdf

    condition = intent.condition
    entry = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=condition.identifier, OutputCondition=condition.name,
        RegistryName=REGISTRY, Info=intent.profile_name or condition.name)
    if intent.profile is not None:
        profile = pikepdf.Stream(pdf, intent.profile)
        profile.N = 4
        entry.DestOutputProfile = pdf.make_indirect(profile)
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(entry)])


def _information(pdf, intent: Intent, title: str) -> None:
    import pikepdf

    made, xmp_date = stamp()
    version = VERSIONS[intent.version]
    info = pdf.docinfo
    info.Title = title
    info.Trapped = pikepdf.Name("/False")
    info.CreationDate = made
    info.ModDate = made
    info.GTS_PDFXVersion = version
    if intent.version == "x1a":  # 2001 names its conformance level too; 2003 does not
        info.GTS_PDFXConformance = version
    identity = "uuid:" + _uuid(pdf, title)
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = title
        meta["pdf:Producer"] = str(info.get("/Producer", "pnp-companion"))
        meta["pdf:Trapped"] = "False"
        meta["xmp:CreateDate"] = xmp_date
        meta["xmp:ModifyDate"] = xmp_date
        meta["xmp:MetadataDate"] = xmp_date
        meta["xmp:CreatorTool"] = str(info.get("/Creator", "pnp-companion"))
        meta["xmpMM:DocumentID"] = identity
        meta["xmpMM:InstanceID"] = identity
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
        meta["pdfxid:GTS_PDFXVersion"] = version


def _uuid(pdf, title: str) -> str:
    """An identifier made from the pages' content: the same file, the same id."""
    import pikepdf

    digest = hashlib.sha256(title.encode())
    for page in pdf.pages:
        contents = page.obj.Contents
        for stream in contents if isinstance(contents, pikepdf.Array) else [contents]:
            digest.update(stream.read_raw_bytes())
    h = digest.hexdigest()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"
