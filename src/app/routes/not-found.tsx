import { Link } from 'react-router';
import { paths } from '../../config/paths';

export default function NotFoundRoute() {
  return (
    <section className="py-10">
      <title>Page not found · Marching Results</title>
      <h1 className="heading-1">Page not found</h1>
      <p className="mt-2">There is no page at this address.</p>
      <p className="mt-6">
        <Link className="button" to={paths.home.href()}>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
