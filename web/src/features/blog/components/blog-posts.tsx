import { dateTimeParts } from '../../../lib/date-time-parts'
import { useBlogPosts } from '../api/blog-posts'
import { t } from '../i18n'
import '../blog.css'

function postDate(wire: string): string {
  const parts = dateTimeParts(wire)
  return parts ? t('blog.date', parts) : ''
}

/** Only links a browser should follow from here: http(s), never a script. */
const isWebUrl = (value: string) => /^https?:\/\//i.test(value)

/**
 * The newest posts of a category of PuriBox's blog (decision 0041): a title, date, a short text and
 * the picture, each opening the post on the blog. Nothing is shown while they load, when there are
 * none or when the blog cannot be read: the blog is never in a person's way.
 */
export function BlogPosts({
  category,
  count = 3,
  heading = t('blog.heading'),
}: {
  /** The category's slug on the blog: `tips`, `new-machines`, `campaign`. */
  category: string
  count?: number
  heading?: string
}) {
  const posts = useBlogPosts(category, count)
  const list = (posts.data?.posts ?? []).filter((post) => isWebUrl(post.link))
  if (list.length === 0) return null
  return (
    <section className="blog-posts" aria-label={heading}>
      <h2 className="blog-posts__heading">{heading}</h2>
      <ul className="blog-posts__list">
        {list.map((post) => (
          <li key={post.id} className="blog-post">
            <a className="blog-post__link" href={post.link} target="_blank" rel="noopener">
              {post.imageUrl && isWebUrl(post.imageUrl) ? (
                <img
                  className="blog-post__image"
                  src={post.imageUrl}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <span className="blog-post__body">
                <span className="blog-post__title">{post.title}</span>
                <time className="blog-post__date" dateTime={`${post.date}+09:00`}>
                  {postDate(post.date)}
                </time>
                {post.excerpt ? <span className="blog-post__excerpt">{post.excerpt}</span> : null}
              </span>
              <span className="visually-hidden">{t('blog.opensOtherSite')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

export default BlogPosts
